package dev.stackbench.core.app;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sends what an in-process application writes to System.out and System.err into its log file, and everything else
 * where it went before. System.out and System.err are the JVM's, one pair for all: while an application runs they are
 * replaced by streams that look, at each write, at the writing thread's context class loader. A thread of an isolated
 * application has the application's loader (or a loader below it, as Tomcat's request threads have), so its writes go
 * to that application's log; other threads' writes go to the streams as they were. An application on this class path
 * has no loader of its own to tell its threads by: while it runs every write goes to its log, and only stackbench's
 * own writers, which hold the original streams, still reach the terminal.
 *
 * <p>The one mutable static state of this package, as the streams it replaces are: the routes are kept here so that
 * several applications in one JVM each get their own, and the original streams come back when the last one closes.
 */
final class AppOutput implements AutoCloseable {

    /** The route of every thread, for an application that has no loader of its own. */
    private static final Object EVERY_THREAD = new Object();

    private static final Map<Object, PrintStream> ROUTES = new ConcurrentHashMap<>();
    private static PrintStream originalOut;
    private static PrintStream originalErr;

    private final Object key;

    private AppOutput(Object key) {
        this.key = key;
    }

    /**
     * @param loader the application's own class loader; null when it shares this class path (then every write is routed)
     * @param log    where its writes go
     */
    static synchronized AppOutput route(ClassLoader loader, PrintStream log) {
        if (ROUTES.isEmpty()) {
            originalOut = System.out;
            originalErr = System.err;
            System.setOut(new PrintStream(new Routing(originalOut), true));
            System.setErr(new PrintStream(new Routing(originalErr), true));
        }
        Object key = loader == null ? EVERY_THREAD : loader;
        ROUTES.put(key, log);
        return new AppOutput(key);
    }

    @Override
    public void close() {
        synchronized (AppOutput.class) {
            if (ROUTES.remove(key) != null && ROUTES.isEmpty()) {
                System.setOut(originalOut);
                System.setErr(originalErr);
            }
        }
    }

    /** One of System.out or System.err while applications run: the writing thread's application's log, or the original. */
    private static final class Routing extends OutputStream {

        private final PrintStream original;

        Routing(PrintStream original) {
            this.original = original;
        }

        private PrintStream target() {
            PrintStream every = ROUTES.get(EVERY_THREAD);
            if (every != null) {
                return every;
            }
            for (ClassLoader loader = Thread.currentThread().getContextClassLoader();
                    loader != null;
                    loader = loader.getParent()) {
                PrintStream log = ROUTES.get(loader);
                if (log != null) {
                    return log;
                }
            }
            return original;
        }

        @Override
        public void write(int b) {
            target().write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            target().write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            target().flush();
        }
    }
}
