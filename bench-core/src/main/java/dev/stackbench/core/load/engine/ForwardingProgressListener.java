package dev.stackbench.core.load.engine;

import dev.stackbench.core.result.TimelineRow;

/**
 * A listener that passes everything on to another, for one that adds to some calls: it overrides those (calling
 * super), and a call added to {@link ProgressListener} later reaches the delegate here, not silently dropped by a
 * default method in each hand-written forwarder.
 *
 * <pre>{@code
 * ProgressListener counting = new ForwardingProgressListener(printer) {
 *     @Override
 *     public void warning(String message) {
 *         warnings.incrementAndGet();
 *         super.warning(message);
 *     }
 * };
 * }</pre>
 */
public abstract class ForwardingProgressListener implements ProgressListener {

    private final ProgressListener delegate;

    protected ForwardingProgressListener(ProgressListener delegate) {
        this.delegate = delegate;
    }

    @Override
    public void interval(TimelineRow row) {
        delegate.interval(row);
    }

    @Override
    public void live(LiveInterval interval) {
        delegate.live(interval);
    }

    @Override
    public void warning(String message) {
        delegate.warning(message);
    }

    @Override
    public void message(String message) {
        delegate.message(message);
    }
}
