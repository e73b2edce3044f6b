package dev.stackbench.core.server;

/** The web framework and server an approach runs on. */
public enum WebStack {
    MVC_TOMCAT("Spring MVC on Tomcat"),
    WEBFLUX_NETTY("Spring WebFlux on Reactor Netty");

    private final String description;

    WebStack(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
