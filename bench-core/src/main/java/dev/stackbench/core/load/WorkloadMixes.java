package dev.stackbench.core.load;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.stackbench.core.server.Workload;

/** Each workload's request mix, from its parameters, so a run needs no script. */
public final class WorkloadMixes {

    private WorkloadMixes() {
    }

    /** The parameters each workload takes, with their defaults. */
    public static Map<String, String> defaults(Workload workload) {
        return switch (workload) {
            case DATE -> orderedMap("delayMillis", "0", "callDepth", "0");
        };
    }

    /** @throws IllegalArgumentException naming an unknown parameter or a bad value */
    public static RequestMix of(Workload workload, Map<String, String> params) {
        Set<String> known = defaults(workload).keySet();
        for (String name : params.keySet()) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown workload parameter '" + name + "' for " + workload + "; known: " + String.join(", ", known));
            }
        }
        var resolved = new LinkedHashMap<>(defaults(workload));
        resolved.putAll(params);
        return switch (workload) {
            case DATE -> RequestMix.of(RequestTemplate.get("date", "/date?delayMillis=" + nonNegative(resolved, "delayMillis")
                    + "&callDepth=" + nonNegative(resolved, "callDepth")));
        };
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
        throw new IllegalArgumentException("workload parameter " + name + " must be a whole number >= 0, got '" + params.get(name) + "'");
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        var map = new LinkedHashMap<String, String>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
