package dev.stackbench.servers.date;

/**
 * A wait that pins a virtual thread to its carrier on every JDK from 21 on ({@code stackbench.date.pinned-wait-millis}):
 * the thread sleeps inside a class loader that the VM calls ({@code Class.forName}), so a VM frame is on its stack and it
 * cannot unmount. JFR reports each such sleep as jdk.VirtualThreadPinned (JDK 24+ with the reason "Native or VM frame
 * on stack"). A {@code synchronized} block would pin only on JDK 21 to 23: JEP 491 (JDK 24) lets virtual threads unmount
 * there. On a platform thread it is an ordinary sleep.
 *
 * <p>Each call looks up a class that does not exist, so the VM asks the loader every time (it caches classes found, never
 * ones missing); the loader sleeps, then says it has none.
 */
public final class PinnedWait {

    /** The class every wait asks for; it never exists, and the loader recognises its name. */
    static final String MISSING_CLASS = PinnedWait.class.getName() + "$Missing";

    private final Loader loader;

    /** @param millis how long each {@link #block} lasts; 0 for not at all */
    public PinnedWait(int millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("stackbench.date.pinned-wait-millis of " + millis + " is negative");
        }
        this.loader = millis == 0 ? null : new Loader(millis);
    }

    /** Sleeps the configured time inside a VM call; returns at once for 0. */
    public void block() throws InterruptedException {
        if (loader == null) {
            return;
        }
        try {
            Class.forName(MISSING_CLASS, false, loader);
        } catch (ClassNotFoundException expected) {
            // the loader slept, then found nothing: the wait is over
        }
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted during a pinned wait");
        }
    }

    /**
     * Sleeps for every lookup of {@link #MISSING_CLASS}; delegates the rest to the boot loader. Parallel capable: else the
     * VM would hold the loader's monitor around each lookup, and the waits would queue behind one another.
     */
    private static final class Loader extends ClassLoader {
        static {
            registerAsParallelCapable();
        }

        private final int millis;

        Loader(int millis) {
            super(null);
            this.millis = millis;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!MISSING_CLASS.equals(name)) {
                return super.loadClass(name, resolve);
            }
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // block() throws once the VM call has returned
            }
            throw new ClassNotFoundException(name);
        }
    }
}
