package dev.stackbench.core.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Whether an application still serves: until it stops by itself (the first reason seen is kept, and told to every
 * listener once) or is closed by stackbench (then nothing it does afterwards counts as stopping).
 */
final class ServingState {

    private String reason;
    private boolean closing;
    private final List<Consumer<String>> listeners = new ArrayList<>();

    /** It stopped serving by itself; ignored once closing or after the first reason. */
    void stopped(String why) {
        List<Consumer<String>> toTell;
        synchronized (this) {
            if (closing || reason != null) {
                return;
            }
            reason = why;
            toTell = List.copyOf(listeners);
        }
        toTell.forEach(listener -> listener.accept(why));
    }

    void onStopped(Consumer<String> listener) {
        String already;
        synchronized (this) {
            listeners.add(listener);
            already = reason;
        }
        if (already != null) {
            listener.accept(already);
        }
    }

    synchronized Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    synchronized boolean closing() {
        return closing;
    }

    /** Marks it closing; true the first time only, so that closing twice does nothing. */
    synchronized boolean close() {
        if (closing) {
            return false;
        }
        closing = true;
        return true;
    }
}
