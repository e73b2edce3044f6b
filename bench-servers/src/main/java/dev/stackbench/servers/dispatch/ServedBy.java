package dev.stackbench.servers.dispatch;

/** The value of the {@code X-Served-By} header: where a request's work ran. */
public final class ServedBy {

    public static final String HEADER = "X-Served-By";

    private ServedBy() {}

    /** {@code <thread name>; virtual=<true|false>} for the calling thread. */
    public static String here() {
        Thread thread = Thread.currentThread();
        return thread.getName() + "; virtual=" + thread.isVirtual();
    }
}
