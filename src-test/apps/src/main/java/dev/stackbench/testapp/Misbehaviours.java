package dev.stackbench.testapp;

import java.time.Duration;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The ways an application fails that stackbench must report, each chosen by a property (all off by default):
 * <ul>
 *   <li>{@code testapp.fail-at-start=true}: a bean fails while the context starts;</li>
 *   <li>{@code testapp.hang-at-start=true}: a bean waits forever while the context starts, so the port never opens;</li>
 *   <li>{@code testapp.close-after=2s}: once ready, the application closes its own context after that long;</li>
 *   <li>{@code testapp.exit-after=2s}: once ready, it calls {@code System.exit(3)} after that long;</li>
 *   <li>{@code testapp.exit-after-requests=N}: it calls {@code System.exit(3)} once it has answered N requests
 *       ({@link ExitAfterRequests});</li>
 *   <li>{@code testapp.close-after-requests=N}: it closes its own context once it has answered N requests
 *       ({@link ExitAfterRequests}).</li>
 * </ul>
 */
@Component
class Misbehaviours {

    /** The status of {@code testapp.exit-after}'s exit, an unusual one so that a test can tell it from others. */
    static final int EXIT_STATUS = 3;

    private final ConfigurableApplicationContext context;
    private final Duration closeAfter;
    private final Duration exitAfter;

    Misbehaviours(ConfigurableApplicationContext context,
                  @Value("${testapp.fail-at-start:false}") boolean failAtStart,
                  @Value("${testapp.hang-at-start:false}") boolean hangAtStart,
                  @Value("${testapp.close-after:#{null}}") Duration closeAfter,
                  @Value("${testapp.exit-after:#{null}}") Duration exitAfter) throws InterruptedException {
        if (failAtStart) {
            System.err.println("testapp: failing at start, as testapp.fail-at-start asks");
            throw new IllegalStateException("testapp.fail-at-start=true: this application refuses to start");
        }
        if (hangAtStart) {
            System.err.println("testapp: waiting forever at start, as testapp.hang-at-start asks");
            Thread.sleep(Long.MAX_VALUE); // an interrupt ends it, and the start fails
        }
        this.context = context;
        this.closeAfter = closeAfter;
        this.exitAfter = exitAfter;
    }

    @EventListener(ApplicationReadyEvent.class)
    void ready() {
        if (closeAfter != null) {
            after(closeAfter, "close-after", () -> {
                System.err.println("testapp: closing its context, as testapp.close-after asks");
                context.close();
            });
        }
        if (exitAfter != null) {
            after(exitAfter, "exit-after", () -> {
                System.err.println("testapp: calling System.exit(" + EXIT_STATUS + "), as testapp.exit-after asks");
                System.exit(EXIT_STATUS);
            });
        }
    }

    private static void after(Duration delay, String name, Runnable action) {
        Thread.ofPlatform().daemon().name("testapp-" + name).start(() -> {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                return; // the application is stopping anyway
            }
            action.run();
        });
    }
}
