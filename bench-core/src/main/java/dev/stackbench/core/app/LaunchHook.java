package dev.stackbench.core.app;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs an application's main method inside {@code SpringApplication.withHook(hook, action)} (public API since Spring
 * Boot 3.0), whose run listener hands over the application's context when it has started, or the reason it failed.
 * The hook and its listener are {@link Proxy proxies} of the interfaces as the application's own class loader has them,
 * so nothing of stackbench's own Spring Boot is involved. Only the first application the main method runs is followed:
 * a context it starts while starting (Spring Cloud's bootstrap context) is not the one that serves.
 */
final class LaunchHook {

    private static final String SPRING_APPLICATION = "org.springframework.boot.SpringApplication";
    private static final String HOOK = "org.springframework.boot.SpringApplicationHook";
    private static final String RUN_LISTENER = "org.springframework.boot.SpringApplicationRunListener";

    /** What the followed application's start came to: its context (once prepared, and once started) or its failure. */
    private final AtomicReference<Object> preparedContext = new AtomicReference<>();

    private final CompletableFuture<Object> started = new CompletableFuture<>();
    private final AtomicBoolean listenerGiven = new AtomicBoolean();
    private final ClassLoader loader;
    private final Method withHook;
    private final Object hook;

    private LaunchHook(ClassLoader loader, Method withHook, Class<?> hookType, Class<?> listenerType) {
        this.loader = loader;
        this.withHook = withHook;
        this.hook = Proxy.newProxyInstance(
                loader, new Class<?>[] {hookType}, (proxy, method, args) -> switch (method.getName()) {
                    case "getRunListener" ->
                        listenerGiven.compareAndSet(false, true)
                                ? listener(listenerType)
                                : null; // null: none for the others
                    default -> objectMethod(proxy, method, args, "stackbench's launch hook");
                });
    }

    /**
     * @throws AppStartException when the class loader holds no Spring Boot, or one older than 3.0 (without withHook)
     */
    static LaunchHook in(ClassLoader loader, String what) {
        Class<?> application;
        try {
            application = Class.forName(SPRING_APPLICATION, false, loader);
        } catch (ClassNotFoundException e) {
            throw new AppStartException(
                    what + " holds no Spring Boot (" + SPRING_APPLICATION + " is not on its class path)", List.of());
        }
        try {
            Class<?> hookType = Class.forName(HOOK, false, loader);
            Class<?> listenerType = Class.forName(RUN_LISTENER, false, loader);
            return new LaunchHook(
                    loader, application.getMethod("withHook", hookType, Runnable.class), hookType, listenerType);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            throw new AppStartException(
                    what + " runs on a Spring Boot older than 3.0, which has no SpringApplication.withHook to start it"
                            + " in this JVM: start it in a process of its own (separate process, --app-process)",
                    List.of());
        }
    }

    /** Runs {@code main(args)} within the hook on the calling thread; returns when main returns, throws what main throws. */
    void runMain(Method main, String[] args) throws Throwable {
        Runnable action = () -> {
            try {
                main.invoke(null, (Object) args);
            } catch (InvocationTargetException e) {
                throw new MainFailed(e.getCause());
            } catch (IllegalAccessException e) {
                throw new MainFailed(e);
            }
        };
        try {
            withHook.invoke(null, hook, action);
        } catch (InvocationTargetException e) {
            Throwable thrown = e.getCause() instanceof MainFailed failed ? failed.getCause() : e.getCause();
            started.completeExceptionally(thrown);
            throw thrown;
        }
    }

    /** Completes with the application's context once it has started, or exceptionally with why its start failed. */
    CompletableFuture<Object> started() {
        return started;
    }

    /** The context as soon as it was prepared (before it started), to close it if the start never ends; null before. */
    Object preparedContext() {
        return preparedContext.get();
    }

    private Object listener(Class<?> listenerType) {
        return Proxy.newProxyInstance(loader, new Class<?>[] {listenerType}, (proxy, method, args) -> {
            switch (method.getName()) {
                case "contextPrepared" -> preparedContext.set(args[0]);
                case "started" -> started.complete(args[0]);
                case "failed" ->
                    started.completeExceptionally(
                            args[1] instanceof Throwable thrown
                                    ? thrown
                                    : new IllegalStateException("the application failed to start"));
                case "starting", "environmentPrepared", "contextLoaded", "ready" -> {
                    // nothing to follow
                }
                default -> {
                    return objectMethod(proxy, method, args, "stackbench's run listener");
                }
            }
            return null;
        });
    }

    private static Object objectMethod(Object proxy, Method method, Object[] args, String name) {
        return switch (method.getName()) {
            case "toString" -> name;
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> null;
        };
    }

    /** Carries what main threw out through Spring Boot's Runnable, which cannot throw checked exceptions. */
    private static final class MainFailed extends RuntimeException {
        MainFailed(Throwable cause) {
            super(cause);
        }
    }
}
