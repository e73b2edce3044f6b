package dev.stackbench.testapp;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small application of our own that stands in for a user's: real endpoints ({@link Endpoints}) over a real pool of
 * database connections, and misbehaviours chosen by properties ({@link Misbehaviours}), so that the tests of
 * {@code load --app} can see each way an application fails. Built twice from this source: on Spring Boot 3.5 and 4.0.
 */
@SpringBootApplication(proxyBeanMethods = false)
public class TestApplication {

    public static void main(String[] args) {
        SpringApplication.run(TestApplication.class, args);
    }
}
