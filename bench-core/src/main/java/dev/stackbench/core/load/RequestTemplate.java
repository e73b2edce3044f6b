package dev.stackbench.core.load;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One kind of request in a mix.
 *
 * @param name             a short label for results, e.g. {@code get-by-director}: the requests of a name are counted
 *                         apart ({@link #NAME}); several templates may share one
 * @param headers          sent with every request of this kind, beside the generator's own Host and User-Agent
 *                         (which a header of the same name replaces)
 * @param pathAndQuery     starts with {@code /}; contains {@value #ID} when {@code ids} uses an id
 * @param body             empty for none
 * @param bodyMustContain  when present, a response whose body lacks it counts as a {@code body} error;
 *                         only then is the body kept (otherwise its bytes are only counted)
 * @param ids              how the request takes part in the ids the generator has created
 */
public record RequestTemplate(
        String name,
        String method,
        String pathAndQuery,
        Map<String, String> headers,
        byte[] body,
        Optional<String> bodyMustContain,
        IdUse ids) {

    /** The placeholder for an id in {@link #pathAndQuery}. */
    public static final String ID = "{id}";
    /** What a request name may be: it tags the requests' histograms in latency.hlog and names them in thresholds. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    /** How a request uses the ids of things the generator itself created (crud: create, then read, update, delete). */
    public enum IdUse {
        /** No id. */
        NONE,
        /** Its response's JSON {@code "id"} is remembered for later requests. */
        CREATES,
        /** Uses a remembered id, which stays remembered (read, update). */
        USES,
        /** Uses a remembered id and forgets it (delete). */
        DELETES;

        /** Whether a request of this kind needs a remembered id in its path. */
        public boolean needsId() {
            return this == USES || this == DELETES;
        }
    }

    public RequestTemplate {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("request name '" + name
                    + "' must be 1 to 64 letters, digits and . _ - (starting with a letter or digit)");
        }
        headers.forEach(Headers::check);
        if (headers.keySet().stream()
                        .map(header -> header.toLowerCase(Locale.ROOT))
                        .distinct()
                        .count()
                < headers.size()) {
            throw new IllegalArgumentException("request '" + name + "': headers " + headers.keySet()
                    + " name one header twice (names ignore case)");
        }
        if (ids.needsId() != pathAndQuery.contains(ID)) {
            throw new IllegalArgumentException("request '" + name + "': " + ID
                    + " must be in the path exactly when it uses an id, got '" + pathAndQuery + "' with " + ids);
        }
        if (!pathAndQuery.startsWith("/")) {
            throw new IllegalArgumentException("request path must start with '/', got '" + pathAndQuery + "'");
        }
        if (!method.matches("[A-Z]+")) {
            throw new IllegalArgumentException("HTTP method must be upper-case letters, got '" + method + "'");
        }
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        body = body.clone();
    }

    public static RequestTemplate get(String name, String pathAndQuery) {
        return new RequestTemplate(
                name,
                "GET",
                pathAndQuery,
                Map.of(),
                new byte[0],
                Optional.empty(),
                pathAndQuery.contains(ID) ? IdUse.USES : IdUse.NONE);
    }

    public static RequestTemplate postJson(String name, String path, String json) {
        return json(name, "POST", path, json);
    }

    /** A request with a JSON body, e.g. {@code json("update", "PUT", "/contacts/{id}", ...).withIds(IdUse.USES)}. */
    public static RequestTemplate json(String name, String method, String path, String json) {
        return new RequestTemplate(
                name,
                method,
                path,
                Map.of("Content-Type", "application/json"),
                json.getBytes(StandardCharsets.UTF_8),
                Optional.empty(),
                path.contains(ID) ? IdUse.USES : IdUse.NONE);
    }

    public RequestTemplate expectingBodyToContain(String text) {
        return new RequestTemplate(name, method, pathAndQuery, headers, body, Optional.of(text), ids);
    }

    public RequestTemplate withMethod(String newMethod) {
        return new RequestTemplate(name, newMethod, pathAndQuery, headers, body, bodyMustContain, ids);
    }

    /** This request with {@code runHeaders} added under its own headers (its own win, name by name in any case). */
    public RequestTemplate withHeadersUnder(Map<String, String> runHeaders) {
        return new RequestTemplate(
                name, method, pathAndQuery, Headers.under(headers, runHeaders), body, bodyMustContain, ids);
    }

    public RequestTemplate withIds(IdUse use) {
        return new RequestTemplate(name, method, pathAndQuery, headers, body, bodyMustContain, use);
    }

    /** The body is needed: to check it, or to read the created id from it. */
    public boolean keepsBody() {
        return bodyMustContain.isPresent() || ids == IdUse.CREATES;
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    /** Equal when every field is, the body byte for byte (a record compares arrays by identity). */
    @Override
    public boolean equals(Object other) {
        return other instanceof RequestTemplate that
                && name.equals(that.name)
                && method.equals(that.method)
                && pathAndQuery.equals(that.pathAndQuery)
                && headers.equals(that.headers)
                && Arrays.equals(body, that.body)
                && bodyMustContain.equals(that.bodyMustContain)
                && ids == that.ids;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, method, pathAndQuery, headers, Arrays.hashCode(body), bodyMustContain, ids);
    }
}
