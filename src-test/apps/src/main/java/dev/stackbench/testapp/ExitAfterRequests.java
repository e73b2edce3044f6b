package dev.stackbench.testapp;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/**
 * {@code testapp.exit-after-requests=N}: once it has answered N requests, the application calls
 * {@code System.exit(3)}. A count, not a time, so that under an open load (a fixed rate) the exit falls in a known
 * trial of a comparison however fast or busy the machine is. Off (0) by default.
 * {@code testapp.close-after-requests=N}: likewise, but it closes its own context instead.
 */
@Component
class ExitAfterRequests implements Filter {

    private final long limit;
    private final long closeLimit;
    private final ConfigurableApplicationContext context;
    private final AtomicLong answered = new AtomicLong();

    ExitAfterRequests(@Value("${testapp.exit-after-requests:0}") long limit,
                      @Value("${testapp.close-after-requests:0}") long closeLimit,
                      ConfigurableApplicationContext context) {
        this.limit = limit;
        this.closeLimit = closeLimit;
        this.context = context;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
        chain.doFilter(request, response);
        if (limit <= 0 && closeLimit <= 0) {
            return;
        }
        long count = answered.incrementAndGet();
        if (limit > 0 && count == limit) {
            System.err.println("testapp: calling System.exit(" + Misbehaviours.EXIT_STATUS + ") after " + limit
                    + " requests, as testapp.exit-after-requests asks");
            // Not on the request's thread: the exit waits for shutdown hooks, which wait for this request's thread.
            Thread.ofPlatform().daemon().name("testapp-exit-after-requests").start(() -> System.exit(Misbehaviours.EXIT_STATUS));
        }
        if (closeLimit > 0 && count == closeLimit) {
            System.err.println("testapp: closing its context after " + closeLimit
                    + " requests, as testapp.close-after-requests asks");
            // Not on the request's thread either: closing stops the web server, which waits for this request.
            Thread.ofPlatform().daemon().name("testapp-close-after-requests").start(context::close);
        }
    }
}
