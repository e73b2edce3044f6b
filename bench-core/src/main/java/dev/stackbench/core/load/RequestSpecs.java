package dev.stackbench.core.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request mix written by hand, one request per text: {@code WEIGHT:METHOD:PATH[:@BODY_FILE]}, e.g.
 * {@code 75:GET:/movies?director=Allen} and {@code 25:POST:/movies:@movie.json} (JSON body). A path
 * with {@value RequestTemplate#ID} uses an id the generator created (DELETE forgets it); when some
 * request does, the POSTs without one are taken to create them.
 */
public final class RequestSpecs {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?):([A-Z]+):(/[^@]*?)(?::@(.+))?");

    private RequestSpecs() {
    }

    /** @throws IllegalArgumentException naming the text or the file that is wrong */
    public static RequestMix parse(List<String> specs, Path directory) {
        var templates = new ArrayList<RequestTemplate>();
        var weights = new ArrayList<Double>();
        for (String spec : specs) {
            Matcher m = FORM.matcher(spec.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException("request '" + spec + "' is not WEIGHT:METHOD:PATH[:@BODY_FILE], e.g. 75:GET:/movies?director=Allen");
            }
            String method = m.group(2);
            String path = m.group(3);
            byte[] body = m.group(4) == null ? new byte[0] : read(directory.resolve(m.group(4)));
            var ids = !path.contains(RequestTemplate.ID) ? RequestTemplate.IdUse.NONE
                    : method.equals("DELETE") ? RequestTemplate.IdUse.DELETES : RequestTemplate.IdUse.USES;
            templates.add(new RequestTemplate(method.toLowerCase(java.util.Locale.ROOT) + " " + path, method, path,
                    body.length == 0 ? Map.of() : Map.of("Content-Type", "application/json"), body, Optional.empty(), ids));
            weights.add(Double.parseDouble(m.group(1)));
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

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read request body " + file + ": " + e.getMessage());
        }
    }
}
