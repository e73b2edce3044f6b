package dev.stackbench.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * stackbench's own options on JMH's command line ({@code --shard i/n}, {@code --rounds N}, {@code --time-limit D}), which
 * JMH's parser does not know: each is taken out, the rest is JMH's.
 */
public final class JmhArguments {

    /** The options stackbench adds to JMH's command line, each with a value. */
    public static final List<String> OPTIONS =
            List.of(SuiteShard.OPTION, InterleavedSuite.ROUNDS, InterleavedSuite.TIME_LIMIT);

    private final List<String> rest;

    public JmhArguments(String[] args) {
        this.rest = new ArrayList<>(List.of(args));
    }

    /** Whether {@code option} is among {@code args}, as {@code --option value} or {@code --option=value}. */
    public static boolean has(String[] args, String option) {
        return List.of(args).stream().anyMatch(arg -> arg.equals(option) || arg.startsWith(option + "="));
    }

    /** JMH's arguments: these without any of {@link #OPTIONS} and their values. */
    public static String[] withoutOurs(String[] args) {
        var arguments = new JmhArguments(args);
        OPTIONS.forEach(option -> {
            try {
                arguments.take(option);
            } catch (IllegalArgumentException e) {
                // the command that reads the option says what is wrong with it
            }
        });
        return arguments.rest();
    }

    /**
     * Takes {@code option}'s value out of the arguments.
     *
     * @throws IllegalArgumentException when it is given twice or without a value
     */
    public Optional<String> take(String option) {
        return take(option, "");
    }

    /** As {@link #take(String)}, {@code example} added to the message of a missing value ("i/n, e.g. 2/4"). */
    public Optional<String> take(String option, String example) {
        String value = null;
        for (int i = 0; i < rest.size(); i++) {
            String arg = rest.get(i);
            if (arg.equals(option) || arg.startsWith(option + "=")) {
                if (value != null) {
                    throw new IllegalArgumentException(option + " is given twice");
                }
                if (arg.equals(option)) {
                    if (i + 1 >= rest.size()) {
                        throw new IllegalArgumentException(
                                option + " needs a value" + (example.isEmpty() ? "" : ", " + example));
                    }
                    value = rest.remove(i + 1);
                } else {
                    value = arg.substring(option.length() + 1);
                }
                rest.remove(i);
                i--;
            }
        }
        return Optional.ofNullable(value);
    }

    /** What is left: JMH's arguments. */
    public String[] rest() {
        return rest.toArray(String[]::new);
    }
}
