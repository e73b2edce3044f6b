package dev.stackbench.core.app;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The application's {@code ConfigurableApplicationContext}, read by reflection through the interfaces of its own class
 * loader: its resolved properties, whether it is still active, its web server, its connection pools; and closed.
 */
final class SpringContext {

    /** Where Spring Boot 2.x and 3.x keep the interface of a context with a web server, and where 4.x does. */
    private static final List<String> WEB_SERVER_CONTEXTS = List.of(
            "org.springframework.boot.web.context.WebServerApplicationContext",
            "org.springframework.boot.web.server.context.WebServerApplicationContext");
    /** Servers that serve without being one of Spring Boot's WebServers, by a class their library has. */
    private static final Map<String, String> OWN_SERVERS =
            Map.of("com.linecorp.armeria.server.Server", "Armeria", "io.undertow.Undertow", "Undertow");

    private final Object context;
    private final ClassLoader loader;

    SpringContext(Object context, ClassLoader loader) {
        this.context = context;
        this.loader = loader;
    }

    /** Its resolved value, after its own configuration and the arguments it was given; null when not set. */
    String property(String name) {
        Object environment =
                call("org.springframework.context.ConfigurableApplicationContext", "getEnvironment", context);
        Object value = call("org.springframework.core.env.PropertyResolver", "getProperty", environment, name);
        return value == null ? null : value.toString();
    }

    boolean isActive() {
        return Boolean.TRUE.equals(
                call("org.springframework.context.ConfigurableApplicationContext", "isActive", context));
    }

    /** Closes it, as the application's own shutdown would, with its class loader as the thread's context loader. */
    void close() {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            call("org.springframework.context.ConfigurableApplicationContext", "close", context);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** Spring Boot's version, as the application's own class path says; null where it does not say. */
    String springBootVersion() {
        try {
            Object version = Class.forName("org.springframework.boot.SpringBootVersion", false, loader)
                    .getMethod("getVersion")
                    .invoke(null);
            return version == null ? null : version.toString();
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** The server that listens: one of Spring Boot's web servers by name, else what else its class path has, else empty. */
    Optional<String> webServer() {
        for (String type : WEB_SERVER_CONTEXTS) {
            Optional<Class<?>> contextType = type(type);
            if (contextType.isPresent() && contextType.get().isInstance(context)) {
                Object server = call(type, "getWebServer", context);
                if (server != null) {
                    return Optional.of(serverName(server.getClass().getSimpleName()));
                }
            }
        }
        return OWN_SERVERS.entrySet().stream()
                .filter(entry -> type(entry.getKey()).isPresent())
                .findFirst()
                .map(entry -> "none of Spring Boot's web servers (its own: " + entry.getValue() + ")");
    }

    /** The maximum connections of its HikariCP pools, added up; empty when it has none. */
    Optional<Integer> hikariMaximumPoolSize() {
        Optional<Class<?>> hikari = type("com.zaxxer.hikari.HikariDataSource");
        if (hikari.isEmpty()) {
            return Optional.empty();
        }
        Object beans =
                call("org.springframework.beans.factory.ListableBeanFactory", "getBeansOfType", context, hikari.get());
        int total = 0;
        boolean any = false;
        for (Object pool : ((Map<?, ?>) beans).values()) {
            try {
                total += (Integer) hikari.get().getMethod("getMaximumPoolSize").invoke(pool);
                any = true;
            } catch (ReflectiveOperationException e) {
                return Optional.empty();
            }
        }
        return any ? Optional.of(total) : Optional.empty();
    }

    /** {@code TomcatWebServer} is Tomcat, {@code NettyWebServer} Reactor Netty. */
    private static String serverName(String simpleName) {
        for (WebServer server : WebServer.values()) {
            String word = server == WebServer.NETTY ? "Netty" : server.displayName();
            if (simpleName.startsWith(word)) {
                return server.displayName();
            }
        }
        return simpleName;
    }

    private Optional<Class<?>> type(String name) {
        try {
            return Optional.of(Class.forName(name, false, loader));
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** Calls {@code method} as declared by the interface or class {@code owner} of the application's class loader. */
    private Object call(String owner, String method, Object target, Object... args) {
        try {
            Class<?> type = Class.forName(owner, false, loader);
            Class<?>[] parameterTypes = new Class<?>[args.length];
            for (int i = 0; i < args.length; i++) {
                parameterTypes[i] = args[i] instanceof Class<?> ? Class.class : args[i].getClass();
            }
            Method found = type.getMethod(method, parameterTypes);
            return found.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(owner + "." + method + " failed: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "cannot call " + owner + "." + method + " of the application's Spring: " + e, e);
        }
    }
}
