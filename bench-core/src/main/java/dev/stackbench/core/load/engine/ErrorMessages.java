package dev.stackbench.core.load.engine;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.vocabulary.ErrorClass;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the measured errors of each class said, as k6 logs them: the first message, and the distinct messages seen
 * (up to {@link #DISTINCT_LIMIT}), so that {@code protocol=6226} comes with {@code invalid version format: NOT}. One per
 * worker, written on its loop only and only when a request fails, never on a success: no contention, and the path of
 * an ok response does not touch it. The coordinator reads it once, at the run's end ({@link #snapshot}); a concurrent
 * map makes that read safe while a late failure may still be noted.
 *
 * <pre>{@code
 * errors.note(RequestFailure.PROTOCOL, decoderException);   // on the worker's loop
 * Map<ErrorClass, List<String>> seen = errors.snapshot();    // the coordinator: first message first
 * }</pre>
 */
final class ErrorMessages {

    /** Distinct messages kept per class: past this the count says "or more", and nothing more is kept. */
    static final int DISTINCT_LIMIT = RunResult.ErrorMessage.DISTINCT_LIMIT;
    /** A message longer than this is cut, with an ellipsis: a body or a stack trace is not a message. */
    static final int MAX_MESSAGE_CHARS = 200;

    private final Map<ErrorClass, Seen> byClass = new ConcurrentHashMap<>();

    /** The first message first, then the others in the order seen; a set written by one thread, read by another. */
    private static final class Seen {
        final Map<String, Boolean> distinct = new ConcurrentHashMap<>();
        final String first;

        Seen(String first) {
            this.first = first;
            distinct.put(first, Boolean.TRUE);
        }
    }

    /** A measured request failed with {@code errorClass}; {@code detail} is a Throwable, a status or words. */
    void note(ErrorClass errorClass, Object detail) {
        String text = text(errorClass, detail);
        Seen seen = byClass.get(errorClass);
        if (seen == null) {
            byClass.put(errorClass, new Seen(text));
        } else if (seen.distinct.size() < DISTINCT_LIMIT) {
            seen.distinct.putIfAbsent(text, Boolean.TRUE);
        }
    }

    /** Each class's messages: the first, then the other distinct ones (in no particular order). */
    Map<ErrorClass, List<String>> snapshot() {
        var copy = new LinkedHashMap<ErrorClass, List<String>>();
        byClass.forEach((errorClass, seen) -> {
            var messages = new ArrayList<String>();
            messages.add(seen.first);
            seen.distinct.keySet().stream()
                    .filter(message -> !message.equals(seen.first))
                    .forEach(messages::add);
            copy.put(errorClass, List.copyOf(messages));
        });
        return copy;
    }

    /**
     * Several workers' (or agents') snapshots as one: a class's first message is that of the first snapshot in the list
     * that has one, its distinct messages their union, up to the limit.
     */
    static Map<ErrorClass, List<String>> merge(List<Map<ErrorClass, List<String>>> snapshots) {
        var merged = new LinkedHashMap<ErrorClass, LinkedHashSet<String>>();
        for (var snapshot : snapshots) {
            snapshot.forEach((errorClass, messages) -> {
                var set = merged.computeIfAbsent(errorClass, key -> new LinkedHashSet<>());
                for (String message : messages) {
                    if (set.size() < DISTINCT_LIMIT) {
                        set.add(message);
                    }
                }
            });
        }
        var result = new LinkedHashMap<ErrorClass, List<String>>();
        merged.forEach((errorClass, set) -> result.put(errorClass, List.copyOf(set)));
        return result;
    }

    /** result.json's form: the first message and how many distinct ones, for the classes that were counted. */
    static Map<ErrorClass, RunResult.ErrorMessage> forResult(
            Map<ErrorClass, List<String>> messages, Map<ErrorClass, Long> counted) {
        var result = new LinkedHashMap<ErrorClass, RunResult.ErrorMessage>();
        counted.keySet().forEach(errorClass -> {
            var seen = messages.get(errorClass);
            if (seen != null && !seen.isEmpty()) {
                result.put(errorClass, new RunResult.ErrorMessage(seen.getFirst(), seen.size()));
            }
        });
        return result;
    }

    /** Words for a failure: a Throwable's innermost message, a status line, or the words given; one line, bounded. */
    static String text(ErrorClass errorClass, Object detail) {
        String text = switch (detail) {
            case null -> errorClass.key();
            case Throwable failure -> messageOf(failure);
            default -> detail.toString();
        };
        String line = text.replaceAll("\\p{Cntrl}+", " ").strip();
        return line.length() <= MAX_MESSAGE_CHARS ? line : line.substring(0, MAX_MESSAGE_CHARS - 3) + "...";
    }

    /** The innermost cause says what went wrong; the wrappers around it only say where (a decoder, a handler). */
    private static String messageOf(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getSimpleName() : message;
    }
}
