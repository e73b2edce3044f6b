package dev.stackbench.core.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request mix written by hand, one request per text: {@code [NAME=]WEIGHT:METHOD:PATH[:@BODY_FILE][;Header: value]...},
 * e.g. {@code 75:GET:/movies?director=Allen} and {@code post-movies=25:POST:/movies:@movie.json;X-Tenant: a} (JSON
 * body, one header). The requests of a NAME are counted apart; without one, the name is the method and the path
 * without its query ({@code get-movies}). A path with {@value RequestTemplate#ID} uses an id the generator created
 * (DELETE forgets it); when some request does, the POSTs without one are taken to create them. A ';' in a header's
 * value stays in it ({@code Accept: text/html;q=0.9}): only a ';' followed by a header name and ':' starts a header.
 */
public final class RequestSpecs {

    private static final Pattern FORM =
            Pattern.compile("(?:([^=:;]+)=)?(\\d+(?:\\.\\d+)?):([A-Z]+):(/[^@;]*?)(?::@([^;]+))?((?:;.*)?)");
    /** Where a header starts after a ';': a header name, then ':'. */
    private static final Pattern HEADER_START = Pattern.compile(";(?=\\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+\\s*:)");

    private static final String FORMAT = "[NAME=]WEIGHT:METHOD:PATH[:@BODY_FILE][;Header: value]...";

    private RequestSpecs() {}

    /** @throws IllegalArgumentException naming the text or the file that is wrong */
    public static RequestMix parse(List<String> specs, Path directory) {
        var templates = new ArrayList<RequestTemplate>();
        var weights = new ArrayList<Double>();
        for (String spec : specs) {
            Matcher m = FORM.matcher(spec.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException(
                        "request '" + spec + "' is not " + FORMAT + ", e.g. 75:GET:/movies?director=Allen");
            }
            String method = m.group(3);
            String path = m.group(4);
            byte[] body = m.group(5) == null
                    ? new byte[0]
                    : read(directory.resolve(m.group(5).strip()));
            var ids = !path.contains(RequestTemplate.ID)
                    ? RequestTemplate.IdUse.NONE
                    : method.equals("DELETE") ? RequestTemplate.IdUse.DELETES : RequestTemplate.IdUse.USES;
            // The request's own headers win over the JSON default, name by name in any case.
            var headers = Headers.under(
                    headers(m.group(6), spec), body.length > 0 ? Map.of("Content-Type", "application/json") : Map.of());
            String name = m.group(1) != null ? m.group(1).strip() : defaultName(method, path);
            try {
                templates.add(new RequestTemplate(name, method, path, headers, body, Optional.empty(), ids));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("request '" + spec + "': " + e.getMessage(), e);
            }
            weights.add(Double.parseDouble(m.group(2)));
        }
        boolean usesIds = templates.stream().anyMatch(t -> t.ids() != RequestTemplate.IdUse.NONE);
        var entries = new ArrayList<RequestMix.Entry>();
        for (int i = 0; i < templates.size(); i++) {
            RequestTemplate template = templates.get(i);
            if (usesIds && template.method().equals("POST") && template.ids() == RequestTemplate.IdUse.NONE) {
                template = template.withIds(RequestTemplate.IdUse.CREATES);
            }
            entries.add(new RequestMix.Entry(template, weights.get(i)));
        }
        return new RequestMix(entries);
    }

    /** The headers after the path or body: {@code ;Name: value;Other: value}, in order. */
    private static Map<String, String> headers(String tail, String spec) {
        if (tail.isEmpty()) {
            return Map.of();
        }
        if (!HEADER_START.matcher(tail).lookingAt()) {
            throw new IllegalArgumentException(
                    "request '" + spec + "': after ';' comes a header 'Name: value' (" + FORMAT + ")");
        }
        try {
            return Headers.parseAll(Arrays.stream(HEADER_START.split(tail))
                    .filter(part -> !part.isEmpty())
                    .toList());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("request '" + spec + "': " + e.getMessage(), e);
        }
    }

    /** {@code get-movies} for {@code GET /movies?director=Allen}: the method and the path without its query, as a name may be written. */
    static String defaultName(String method, String path) {
        String withoutQuery = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        String name = (method + "-" + withoutQuery)
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9._-]+", "-")
                .replaceAll("-{2,}", "-")
                .replaceAll("^-|-$", "");
        return name.length() > 64 ? name.substring(0, 64) : name;
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read request body " + file + ": " + e.getMessage());
        }
    }
}
