package dev.stackbench.core.vocabulary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * The class a failed request is counted under: one of the generator's own ({@link RequestFailure}: connect, timeout,
 * ...), or an HTTP error status, which servers choose freely ({@link HttpStatus}: {@code http_503}). Its
 * {@link #key()} is the key of result.json's {@code errorsByClass} and what the summary prints.
 *
 * <pre>{@code
 * ErrorClass.fromKey("timeout");     // RequestFailure.TIMEOUT
 * ErrorClass.fromKey("http_503");    // new HttpStatus(503)
 * }</pre>
 */
public sealed interface ErrorClass permits RequestFailure, ErrorClass.HttpStatus {

    /** How results and the console name it: {@code timeout}, {@code http_503}. */
    @JsonValue
    String key();

    /** A response with an HTTP error status (4xx, 5xx): counted by its code. */
    record HttpStatus(int status) implements ErrorClass {
        static final String PREFIX = "http_";

        @Override
        public String key() {
            return PREFIX + status;
        }

        @Override
        public String toString() {
            return key();
        }
    }

    /** @throws IllegalArgumentException when the key is neither a known failure nor {@code http_CODE} */
    @JsonCreator
    static ErrorClass fromKey(String key) {
        if (key.startsWith(HttpStatus.PREFIX)) {
            try {
                return new HttpStatus(Integer.parseInt(key.substring(HttpStatus.PREFIX.length())));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("error class '" + key + "' is not http_ and a status code");
            }
        }
        return Arrays.stream(RequestFailure.values())
                .filter(failure -> failure.key().equals(key))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown error class '" + key + "'; known: "
                        + Arrays.toString(RequestFailure.values()) + " and http_CODE"));
    }
}
