package dev.stackbench.core.compare.jvm;

import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestSpecs;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.server.Workload;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The load every variant of a comparison gets, as data a variant's JVM can rebuild its runs from: the load options
 * as given (by id; unset ones take their defaults there, as on the command line), the workload's request
 * parameters, and the request mix when it is the user's own ({@code --request}, read relative to
 * {@code directory}).
 *
 * @param options        given load options by {@link LoadOption#id()}, values of the option's kind
 * @param workloadParams request parameters of the built-in workload
 * @param requestSpecs   the user's request mix, as written; empty for the workload's own
 * @param directory      where {@code :@FILE} bodies of the request mix are read from
 */
public record LoadSetup(
        Map<String, Object> options, Map<String, String> workloadParams, List<String> requestSpecs, String directory) {

    public LoadSetup {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        workloadParams = Collections.unmodifiableMap(new LinkedHashMap<>(workloadParams));
        requestSpecs = List.copyOf(requestSpecs);
    }

    public static LoadSetup of(
            LoadOptions given, Map<String, String> workloadParams, List<String> requestSpecs, Path directory) {
        var options = new LinkedHashMap<String, Object>();
        for (LoadOption option : LoadOption.values()) {
            if (given.isGiven(option)) {
                // Durations, warm-ups, think times and stages as people write them: comparison.json and the variants'
                // JVMs read text.
                options.put(
                        option.id(),
                        option.kind().readsText() ? option.kind().format(given.value(option)) : given.value(option));
            }
        }
        return new LoadSetup(
                options,
                workloadParams,
                requestSpecs,
                directory.toAbsolutePath().toString());
    }

    /** The options again, each value of its option's kind (JSON reads every number as it looks). */
    public LoadOptions loadOptions() {
        var builder = LoadOptions.builder();
        options.forEach((id, value) -> {
            LoadOption option = Arrays.stream(LoadOption.values())
                    .filter(o -> o.id().equals(id))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown load option '" + id + "'"));
            if (option.kind().readsText()) {
                builder.parse(option, (String) value);
            } else {
                builder.set(option, ofKind(option, value));
            }
        });
        return builder.build();
    }

    /** The request mix: the user's own, else the workload's with its parameters. */
    public RequestMix mix(Workload workload) {
        if (!requestSpecs.isEmpty()) {
            return RequestSpecs.parse(requestSpecs, Path.of(directory));
        }
        return workload == null ? null : WorkloadMixes.of(workload, workloadParams);
    }

    /** The workload's parameters with its defaults, as results describe the run. */
    public Map<String, String> resolvedWorkloadParams(Workload workload) {
        var params =
                new LinkedHashMap<>(workload == null ? Map.<String, String>of() : WorkloadMixes.defaults(workload));
        params.putAll(workloadParams);
        return params;
    }

    private static Object ofKind(LoadOption option, Object value) {
        Class<?> type = option.kind().type();
        if (value instanceof Number number) {
            if (type == Integer.class) {
                return number.intValue();
            }
            if (type == Long.class) {
                return number.longValue();
            }
            if (type == Double.class) {
                return number.doubleValue();
            }
        }
        return value;
    }
}
