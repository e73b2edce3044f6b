package com.example.quotes;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A small blocking service: its quotes come from a slow supplier it waits for, as a call to another service would. */
@SpringBootApplication(proxyBeanMethods = false)
public class QuotesApplication {

    public static void main(String[] args) {
        SpringApplication.run(QuotesApplication.class, args);
    }
}
