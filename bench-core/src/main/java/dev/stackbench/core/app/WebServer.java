package dev.stackbench.core.app;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The web servers Spring Boot starts, as an executable jar's libraries show them. Where a jar holds more than one,
 * Spring Boot starts one of them by an order of its own, which changes between versions (seen here: with Tomcat and Jetty
 * both present, 3.5 starts Tomcat, 4.0 Jetty); choosing one leaves the others' libraries out of the application's class
 * path, so that Spring Boot finds only that one.
 *
 * @param displayName the server's name in results
 * @param marker      the start of the file name of the library whose presence means the server is there
 * @param jarPrefixes the starts of the file names of its libraries (and of Spring Boot's modules for it), left out when
 *                    another server is chosen
 */
public enum WebServer {
    TOMCAT(
            "Tomcat",
            "tomcat-embed-core-",
            List.of(
                    "tomcat-embed-core-",
                    "tomcat-embed-websocket-",
                    "spring-boot-tomcat-",
                    "spring-boot-starter-tomcat-")),
    JETTY("Jetty", "jetty-server-", List.of("jetty-", "spring-boot-jetty-", "spring-boot-starter-jetty-")),
    UNDERTOW(
            "Undertow",
            "undertow-core-",
            List.of("undertow-", "spring-boot-undertow-", "spring-boot-starter-undertow-")),
    NETTY(
            "Reactor Netty",
            "reactor-netty-http-",
            List.of("reactor-netty-http-", "spring-boot-reactor-netty-", "spring-boot-starter-reactor-netty-"));

    private final String displayName;
    private final String marker;
    private final List<String> jarPrefixes;

    WebServer(String displayName, String marker, List<String> jarPrefixes) {
        this.displayName = displayName;
        this.marker = marker;
        this.jarPrefixes = jarPrefixes;
    }

    /** The name on the command line and in scenario files: tomcat, jetty, undertow, netty. */
    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String displayName() {
        return displayName;
    }

    /** Whether a library of this file name is this server's presence on a class path. */
    boolean isMarker(String jarFileName) {
        return jarFileName.startsWith(marker);
    }

    /** Whether a library of this file name belongs to this server (it is left out when another server is chosen). */
    boolean owns(String jarFileName) {
        return jarPrefixes.stream().anyMatch(jarFileName::startsWith);
    }

    /** @throws IllegalArgumentException naming the bad value and the valid ones */
    @JsonCreator
    public static WebServer fromId(String id) {
        for (WebServer server : values()) {
            if (server.id().equals(id)) {
                return server;
            }
        }
        throw new IllegalArgumentException("unknown web server '" + id + "'; expected one of: " + ids());
    }

    public static String ids() {
        return Arrays.stream(values()).map(WebServer::id).collect(Collectors.joining(", "));
    }
}
