package dev.stackbench.core.load;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * One kind of request in a mix.
 *
 * @param name             a short label for results, e.g. {@code get-by-director}
 * @param pathAndQuery     starts with {@code /}
 * @param body             empty for none
 * @param bodyMustContain  when present, a response whose body lacks it counts as a {@code body} error;
 *                         only then is the body kept (otherwise its bytes are only counted)
 */
public record RequestTemplate(String name, String method, String pathAndQuery, Map<String, String> headers,
                              byte[] body, Optional<String> bodyMustContain) {

    public RequestTemplate {
        if (!pathAndQuery.startsWith("/")) {
            throw new IllegalArgumentException("request path must start with '/', got '" + pathAndQuery + "'");
        }
        if (!method.matches("[A-Z]+")) {
            throw new IllegalArgumentException("HTTP method must be upper-case letters, got '" + method + "'");
        }
        headers = Map.copyOf(headers);
        body = body.clone();
    }

    public static RequestTemplate get(String name, String pathAndQuery) {
        return new RequestTemplate(name, "GET", pathAndQuery, Map.of(), new byte[0], Optional.empty());
    }

    public static RequestTemplate postJson(String name, String path, String json) {
        return new RequestTemplate(name, "POST", path, Map.of("Content-Type", "application/json"),
                json.getBytes(StandardCharsets.UTF_8), Optional.empty());
    }

    public RequestTemplate expectingBodyToContain(String text) {
        return new RequestTemplate(name, method, pathAndQuery, headers, body, Optional.of(text));
    }

    @Override
    public byte[] body() {
        return body.clone();
    }
}
