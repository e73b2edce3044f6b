package dev.stackbench.core.load;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Request headers as users write them, {@code Name: value} (curl's {@code -H}, wrk's {@code -H}, k6's
 * {@code params.headers}), checked once before a run: a header that would break the request's framing
 * or inject another header is refused with a message naming it.
 */
public final class Headers {

    /** RFC 9110's token: the characters a header name may have. */
    private static final Pattern NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    /**
     * The generator frames every request itself (its length, its connection's keep-alive): a user's value
     * here would contradict the bytes it sends. Host and User-Agent may be replaced.
     */
    private static final Set<String> FRAMING =
            Set.of("content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te");

    private Headers() {}

    /**
     * {@code Name: value} as one header.
     *
     * @throws IllegalArgumentException naming the text when it is not a header
     */
    public static Map.Entry<String, String> parse(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException(
                    "header '" + text + "' is not 'Name: value', e.g. 'Authorization: Bearer abc'");
        }
        String name = text.substring(0, colon).strip();
        String value = text.substring(colon + 1).strip();
        check(name, value);
        return Map.entry(name, value);
    }

    /** Several {@code Name: value} texts, in order; a later one of the same name (any case) replaces an earlier one. */
    public static Map<String, String> parseAll(List<String> texts) {
        var headers = new LinkedHashMap<String, String>();
        for (String text : texts) {
            var header = parse(text);
            put(headers, header.getKey(), header.getValue());
        }
        return headers;
    }

    /**
     * @throws IllegalArgumentException naming the header when its name is not a token, its value holds a line
     *                                  break, or it is one the generator must set itself
     */
    public static void check(String name, String value) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    "header name '" + name + "' is not a valid HTTP header name (letters, digits and !#$%&'*+.^_`|~-)");
        }
        if (value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
            throw new IllegalArgumentException(
                    "header " + name + ": its value holds a line break or NUL, which would end the header early");
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (FRAMING.contains(lower)) {
            throw new IllegalArgumentException(
                    "header " + name + " is set by the generator itself (it frames every request"
                            + (lower.equals("connection") || lower.equals("keep-alive")
                                    ? "; use --no-keep-alive for a connection per request)"
                                    : ": the length comes from the body)"));
        }
    }

    /** Puts a header, replacing one of the same name in any case. */
    static void put(Map<String, String> headers, String name, String value) {
        headers.keySet().removeIf(existing -> existing.equalsIgnoreCase(name));
        headers.put(name, value);
    }

    /** Whether {@code headers} has one named {@code name}, in any case. */
    public static boolean has(Map<String, String> headers, String name) {
        return headers.keySet().stream().anyMatch(existing -> existing.equalsIgnoreCase(name));
    }

    /** {@code defaults} with {@code own} over them, name by name in any case: a request's own headers win over the run's. */
    static Map<String, String> under(Map<String, String> own, Map<String, String> defaults) {
        var merged = new LinkedHashMap<>(defaults);
        own.forEach((name, value) -> put(merged, name, value));
        return merged;
    }
}
