package dev.stackbench.cli;

import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.stream.IntStream;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * load's command line as far as it is made from declarations: one picocli option per
 * {@link LoadOption}, and what {@code --scenario} does with each of load's options (a load option's
 * {@link LoadOption#scope()}, or a {@link ScenarioScope} on one of {@link LoadCommand}'s fields).
 * As {@link LoadCommand}'s model transformer it adds the load options to the command and writes the
 * lists into {@code --scenario}'s help; the static methods read the parsed command line.
 */
final class LoadOptionSpecs implements CommandLine.IModelTransformer {

    /** The load options follow the target options in the help: load's --url, or compare's --request. */
    private static final List<String> LOAD_OPTIONS_AFTER = List.of("--url", "--request");

    private static final String SCENARIO = "--scenario";
    /** Placeholders in {@code --scenario}'s description, for the lists made here. */
    private static final String EVERY_RUN_LIST = "{every-run}";

    private static final String RUNS_OWN_LIST = "{runs-own}";

    @Override
    public CommandSpec transform(CommandSpec spec) {
        // picocli lists options in the order they were added: to show the load options after the target options,
        // every option is taken out and added back in that order.
        List<OptionSpec> ordered = new ArrayList<>(spec.options());
        ordered.forEach(spec::remove);
        int after = IntStream.range(0, ordered.size())
                .filter(i -> LOAD_OPTIONS_AFTER.contains(ordered.get(i).longestName()))
                .findFirst()
                .orElseThrow();
        ordered.addAll(
                after + 1,
                Arrays.stream(LoadOption.values())
                        .map(LoadOptionSpecs::optionSpec)
                        .toList());
        for (OptionSpec option : ordered) {
            spec.addOption(option.longestName().equals(SCENARIO) ? withScopeLists(option, ordered) : option);
        }
        return spec;
    }

    private static OptionSpec optionSpec(LoadOption option) {
        var spec = OptionSpec.builder(option.cliNames().toArray(String[]::new))
                // Text kinds (durations, warm-up, think time, stages) arrive as typed and are read in given(), where a
                // bad one
                // is one line naming it, as every other bad load option.
                .type(option.kind().readsText() ? String.class : option.kind().type())
                .description(option.help().replace("%", "%%")) // picocli formats descriptions
                .userObject(option);
        return switch (option.kind()) {
            case FLAG -> spec.arity("0").build();
            case HEADERS ->
                spec.auxiliaryTypes(String.class)
                        .arity("1")
                        .paramLabel(option.paramLabel())
                        .build();
            default -> spec.paramLabel(option.paramLabel()).build();
        };
    }

    private static OptionSpec withScopeLists(OptionSpec scenario, List<OptionSpec> options) {
        String[] description = Arrays.stream(scenario.description())
                .map(line -> line.replace(EVERY_RUN_LIST, names(withScope(options, LoadOption.Scope.EVERY_RUN)))
                        .replace(RUNS_OWN_LIST, names(withScope(options, LoadOption.Scope.RUN))))
                .toArray(String[]::new);
        return OptionSpec.builder(scenario).description(description).build();
    }

    /**
     * The load options as given on the command line, read into their types here, once; those not given stay unset, for a
     * scenario or the defaults to fill.
     *
     * @throws LoadOptions.InvalidOption naming the option whose text is not a value of its kind
     */
    static LoadOptions given(CommandSpec spec) {
        var options = LoadOptions.builder();
        for (LoadOption option : LoadOption.values()) {
            Object value = spec.findOption(option.cliName()).getValue();
            if (option.kind().readsText()) {
                options.parse(option, (String) value);
            } else {
                options.set(option, value);
            }
        }
        return options.build();
    }

    /**
     * With {@code --scenario}, every option of scope {@link LoadOption.Scope#RUN} is the scenario's own.
     *
     * @throws IllegalArgumentException naming the first such option given
     */
    static void rejectRunsOwn(CommandSpec spec, ParseResult parsed) {
        Optional<OptionSpec> given = withScope(spec.options(), LoadOption.Scope.RUN).stream()
                .filter(parsed::hasMatchedOption)
                .findFirst();
        if (given.isPresent()) {
            throw new IllegalArgumentException(given.get().longestName() + " does not apply with " + SCENARIO
                    + ": each run of the scenario sets its own; "
                    + names(withScope(spec.options(), LoadOption.Scope.EVERY_RUN))
                    + " override each run's own");
        }
    }

    /** The options given that replace every run's own, as typed, e.g. {@code --duration 2s --workload-param delayMillis=5}. */
    static String everyRunOverrides(CommandSpec spec, ParseResult parsed) {
        var text = new StringJoiner(" ");
        for (OptionSpec option : withScope(spec.options(), LoadOption.Scope.EVERY_RUN)) {
            if (!parsed.hasMatchedOption(option)) {
                continue;
            }
            Object value = option.getValue();
            if (value instanceof Map<?, ?> entries) {
                entries.forEach((name, entry) -> text.add(option.longestName() + " " + name + "=" + entry));
            } else if (value instanceof List<?> list) {
                list.forEach(entry -> text.add(option.longestName() + " '" + entry + "'"));
            } else {
                text.add(option.arity().max() == 0 ? option.longestName() : option.longestName() + " " + value);
            }
        }
        return text.toString();
    }

    /** What {@code --scenario} does with the option, if anything. */
    static Optional<LoadOption.Scope> scope(OptionSpec option) {
        if (option.userObject() instanceof LoadOption load) {
            return Optional.of(load.scope());
        }
        if (option.userObject() instanceof Field field && field.isAnnotationPresent(ScenarioScope.class)) {
            return Optional.of(field.getAnnotation(ScenarioScope.class).value());
        }
        return Optional.empty();
    }

    private static List<OptionSpec> withScope(List<OptionSpec> options, LoadOption.Scope scope) {
        return options.stream()
                .filter(option -> scope(option).equals(Optional.of(scope)))
                .toList();
    }

    /** {@code --a, --b and --c} */
    private static String names(List<OptionSpec> options) {
        List<String> names = options.stream().map(OptionSpec::longestName).toList();
        return names.size() < 2
                ? String.join("", names)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast();
    }
}
