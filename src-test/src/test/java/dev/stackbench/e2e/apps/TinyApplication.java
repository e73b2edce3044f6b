package dev.stackbench.e2e.apps;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * An application on this class path, as a user's own test names its {@code @SpringBootApplication} class
 * ({@code load --app-class}): one endpoint, on the Spring Boot that stackbench's jar carries. Its class path also holds
 * stackbench's database drivers, which it does not use.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration(exclude = DataSourceAutoConfiguration.class)
@Import(TinyApplication.Hello.class)
public class TinyApplication {

    public static void main(String[] args) {
        SpringApplication.run(TinyApplication.class, args);
    }

    @RestController
    static class Hello {
        @GetMapping("/hello")
        String hello() {
            return "hello from a main class on the class path";
        }
    }
}
