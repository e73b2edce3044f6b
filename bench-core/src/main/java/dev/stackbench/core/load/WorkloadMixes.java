package dev.stackbench.core.load;

import dev.stackbench.core.server.Workload;
import dev.stackbench.core.server.WorkloadParams;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Each workload's request mix, from its parameters, so a run needs no script. */
public final class WorkloadMixes {

    static final String NEW_MOVIE = """
            [{"title":"Barry Lyndon","year":1975,"genre":"Drama","rating":8.1,
              "directors":[{"firstName":"Stanley","lastName":"Kubrick"}],"writers":[{"firstName":"Stanley","lastName":"Kubrick"}],
              "characters":["Redmond Barry","Lady Lyndon"],"awards":["Academy Award for Best Cinematography"]}]""";
    static final String NEW_CONTACT = """
            {"firstName":"Ada","lastName":"Lovelace","email":"ada@example.org","phone":"+44 20 7946 0000"}""";
    static final String UPDATED_CONTACT = """
            {"firstName":"Ada","lastName":"Byron","email":"ada.byron@example.org","phone":"+44 20 7946 0001"}""";

    private WorkloadMixes() {}

    /** The parameters each workload takes, with their defaults. */
    public static Map<String, String> defaults(Workload workload) {
        return switch (workload) {
            case DATE, MOVIES -> orderedMap(WorkloadParams.DELAY_MILLIS, "0", WorkloadParams.CALL_DEPTH, "0");
            case CRUD -> orderedMap("pageSize", "20");
        };
    }

    /** @throws IllegalArgumentException naming an unknown parameter or a bad value */
    public static RequestMix of(Workload workload, Map<String, String> params) {
        Set<String> known = defaults(workload).keySet();
        for (String name : params.keySet()) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown workload parameter '" + name + "' for " + workload
                        + "; known: " + String.join(", ", known));
            }
        }
        var resolved = new LinkedHashMap<>(defaults(workload));
        resolved.putAll(params);
        return switch (workload) {
            case DATE -> RequestMix.of(RequestTemplate.get("date", "/date?" + delay(resolved)));
            // 004_9fdac83a6b4a27d3.txt's mix: 75% reads spread over the three directors, 25% writes.
            case MOVIES -> movies(delay(resolved));
            // Reads, updates and deletes use ids the generator created; more creates than deletes, so the table grows.
            case CRUD -> crud(nonNegative(resolved, "pageSize"));
        };
    }

    private static String delay(Map<String, String> params) {
        return WorkloadParams.DELAY_MILLIS + "=" + nonNegative(params, WorkloadParams.DELAY_MILLIS) + "&"
                + WorkloadParams.CALL_DEPTH + "=" + nonNegative(params, WorkloadParams.CALL_DEPTH);
    }

    private static RequestMix movies(String delay) {
        return new RequestMix(List.of(
                new RequestMix.Entry(RequestTemplate.get("get-by-director", "/movies?director=Allen&" + delay), 25),
                new RequestMix.Entry(RequestTemplate.get("get-by-director", "/movies?director=Hitchcock&" + delay), 25),
                new RequestMix.Entry(RequestTemplate.get("get-by-director", "/movies?director=Kubrick&" + delay), 25),
                new RequestMix.Entry(RequestTemplate.postJson("post-movies", "/movies?" + delay, NEW_MOVIE), 25)));
    }

    private static RequestMix crud(int pageSize) {
        return new RequestMix(List.of(
                new RequestMix.Entry(
                        RequestTemplate.postJson("create", "/contacts", NEW_CONTACT)
                                .withIds(RequestTemplate.IdUse.CREATES),
                        25),
                new RequestMix.Entry(
                        RequestTemplate.get("read", "/contacts/" + RequestTemplate.ID)
                                .withIds(RequestTemplate.IdUse.USES),
                        35),
                new RequestMix.Entry(RequestTemplate.get("list", "/contacts?page=0&size=" + pageSize), 10),
                new RequestMix.Entry(
                        RequestTemplate.json("update", "PUT", "/contacts/" + RequestTemplate.ID, UPDATED_CONTACT), 20),
                new RequestMix.Entry(
                        RequestTemplate.get("delete", "/contacts/" + RequestTemplate.ID)
                                .withIds(RequestTemplate.IdUse.DELETES)
                                .withMethod("DELETE"),
                        10)));
    }

    private static int nonNegative(Map<String, String> params, String name) {
        try {
            int value = Integer.parseInt(params.get(name));
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "workload parameter " + name + " must be a whole number >= 0, got '" + params.get(name) + "'");
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        var map = new LinkedHashMap<String, String>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
