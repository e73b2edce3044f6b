package dev.stackbench.cli;

import dev.stackbench.core.app.AppStartException;
import dev.stackbench.core.app.SpringBootApps;
import dev.stackbench.core.gate.GateInputException;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.ServerStartException;
import dev.stackbench.core.server.Workload;
import dev.stackbench.jmh.InterleavedSuite;
import dev.stackbench.jmh.JmhMachine;
import dev.stackbench.jmh.JvmFlags;
import dev.stackbench.jmh.LatencyProfiler;
import dev.stackbench.jmh.SuiteShard;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Entry point of bench-jmh.jar. Without a stackbench subcommand it is JMH's own command line
 * ({@code java -jar bench-jmh.jar -h} for JMH's options); with one it runs that subcommand.
 * Exit codes: 0 success, 1 failure while running, 2 bad input (a one-line message on stderr); a check of a comparison
 * also 3, not decided ({@link dev.stackbench.core.gate.ComparisonGate.Outcome}).
 */
@Command(
        name = "java -jar bench-jmh.jar",
        mixinStandardHelpOptions = true,
        versionProvider = StackbenchMain.Version.class,
        description = {
            "stackbench: measures Spring server stacks in-process.",
            "Without a command, runs JMH with the given JMH options (java -jar bench-jmh.jar -h lists them); --shard i/n among "
                    + "them runs shard i of n of the suite's approach/workload pairs (a CI matrix's share); --rounds N or"
                    + " --time-limit D runs the suite in rounds, one fork of every benchmark per round, and ranks the"
                    + " approaches (./mvnw verify -Pjmh does)."
        },
        subcommands = {
            LoadCommand.class,
            CompareCommand.class,
            ServeCommand.class,
            AgentCommand.class,
            GateCommand.class,
            CheckCommand.class,
            ReportCommand.class,
            VerdictsCommand.class
        })
public final class StackbenchMain {

    static final int EXIT_OK = 0;
    static final int EXIT_FAILURE = 1;
    static final int EXIT_USAGE = 2;

    public static void main(String[] args) throws Exception {
        if (isStackbenchCommand(args)) {
            int exitCode = execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
            if (exitCode != EXIT_OK && SpringBootApps.mainThreadAlive()) {
                // An application whose start failed and whose thread would not end: its own shutdown hook could wait
                // for
                // that start forever. Everything stackbench had to say is out (its writers flush on every line).
                Runtime.getRuntime().halt(exitCode);
            }
            System.exit(exitCode);
        }
        if (needsUnsafeFlag()) {
            System.exit(relaunchWithUnsafeFlag(args));
        }
        JmhMachine.writeBeside(args, System.err);
        if (SuiteShard.requested(args)) {
            System.exit(SuiteShard.run(withLatencyProfiler(args), System.out, System.err));
        }
        if (InterleavedSuite.requested(args)) {
            System.exit(InterleavedSuite.run(withLatencyProfiler(args), System.out, System.err));
        }
        org.openjdk.jmh.Main.main(withLatencyProfiler(args));
    }

    /**
     * JMH reads fields through sun.misc.Unsafe, which JDK 24+ warns about unless started with
     * {@value #UNSAFE_FLAG}; that flag does not exist before JDK 23, so the jar's manifest cannot
     * carry it. The JMH command line therefore starts itself again with it (JMH's forks inherit it).
     */
    static final String UNSAFE_FLAG = "--sun-misc-unsafe-memory-access=allow";

    private static boolean needsUnsafeFlag() {
        return Runtime.version().feature() >= 24
                && !ManagementFactory.getRuntimeMXBean().getInputArguments().contains(UNSAFE_FLAG);
    }

    private static int relaunchWithUnsafeFlag(String[] args) throws Exception {
        var command = new ArrayList<String>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add(UNSAFE_FLAG);
        command.add(JvmFlags.ENABLE_NATIVE_ACCESS);
        command.add("-cp");
        command.add(Path.of(StackbenchMain.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString());
        command.add(StackbenchMain.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }

    /** JMH runs get stackbench's latency percentiles as secondary results, unless only listing or asking for help. */
    static String[] withLatencyProfiler(String[] args) {
        var list = List.of(args);
        boolean listsOnly = list.stream()
                .anyMatch(
                        arg -> Set.of("-h", "-l", "-lp", "-lprof", "-lrf", "-v").contains(arg));
        if (listsOnly || String.join(" ", args).contains(LatencyProfiler.class.getName())) {
            return args;
        }
        String[] extended = Arrays.copyOf(args, args.length + 2);
        extended[args.length] = "-prof";
        extended[args.length + 1] = LatencyProfiler.class.getName();
        return extended;
    }

    /** Runs a stackbench command line and returns its exit code; never calls System.exit. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(commandLine(), args, out, err);
    }

    /** {@link #execute(String[], PrintWriter, PrintWriter)} on {@code commandLine}, whose commands the caller may read after. */
    static int execute(CommandLine commandLine, String[] args, PrintWriter out, PrintWriter err) {
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler((e, commandArgs) -> {
            // picocli names a map option "option option '--x'"; say it once.
            e.getCommandLine().getErr().println("error: " + e.getMessage().replace("option option '", "option '"));
            return EXIT_USAGE;
        });
        commandLine.setExitCodeExceptionMapper(StackbenchMain::exitCode);
        commandLine.setExecutionExceptionHandler((e, failedCommand, parseResult) -> {
            int exitCode = exitCode(e);
            failedCommand.getErr().println("error: " + (exitCode == EXIT_USAGE ? e.getMessage() : e));
            if (e instanceof AppStartException failed) {
                // The application's own first error lines, below the one line that names the reason.
                failed.errorOutput().forEach(line -> failedCommand.getErr().println("  | " + line));
            }
            return exitCode;
        });
        return commandLine.execute(args);
    }

    /**
     * Exceptions that mean bad input: their message is written for the user (one line naming the
     * problem), so a command that throws one ends with {@link #EXIT_USAGE} and that message.
     */
    private static final List<Class<? extends Exception>> BAD_INPUT = List.of(
            IllegalArgumentException
                    .class, // every validation: options, scenarios, thresholds, workload parameters, URLs
            UncheckedIOException
                    .class, // a result, baseline or report that cannot be read or written where the user said
            UnknownHostException.class, // --url's host
            ServerStartException.class, // a server setting the server refused; an application that did not start
            // (AppStartException)
            GateInputException.class); // gate's results, baseline or rules

    /**
     * How a command that threw ends, the one place that decides it (picocli's exit-code mapper, and
     * the execution exception handler above): {@link #EXIT_USAGE} for {@link #BAD_INPUT}, else
     * {@link #EXIT_FAILURE}, a failure while running. Bad options never get here: picocli reports
     * them through the parameter exception handler, with {@link #EXIT_USAGE} too.
     */
    static int exitCode(Throwable e) {
        return BAD_INPUT.stream().anyMatch(type -> type.isInstance(e)) ? EXIT_USAGE : EXIT_FAILURE;
    }

    static CommandLine commandLine() {
        var commandLine = new CommandLine(new StackbenchMain());
        commandLine.registerConverter(Approach.class, StackbenchMain::approach);
        commandLine.registerConverter(Workload.class, StackbenchMain::workload);
        // The help is as wide as the terminal (80 columns where none is known), wrapped at word boundaries; the catalog
        // of approaches and workloads is a table whose descriptions wrap in their own column.
        commandLine.setUsageHelpAutoWidth(true);
        commandLine.setHelpFactory(WordWrappingHelp::new);
        // A command's options are listed below its usage line: the line itself says [OPTIONS], not each of them.
        commandLine
                .getSubcommands()
                .values()
                .forEach(sub -> sub.getCommandSpec().usageMessage().abbreviateSynopsis(true));
        commandLine.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, StackbenchMain::catalog);
        commandLine
                .getSubcommands()
                .values()
                .forEach(sub ->
                        sub.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, StackbenchMain::catalog));
        return commandLine;
    }

    private static boolean isStackbenchCommand(String[] args) {
        Set<String> ours = commandLine().getCommandSpec().subcommands().keySet();
        return args.length > 0
                && (ours.contains(args[0])
                        || Set.of("--help", "--version", "-V", "help").contains(args[0]));
    }

    private static Approach approach(String id) {
        try {
            return Approach.fromId(id);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    private static Workload workload(String id) {
        try {
            return Workload.fromId(id);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    /** Every command's footer: the approaches and workloads, each described in a column that wraps at the help's width. */
    private static String catalog(Help help) {
        int width = help.commandSpec().usageMessage().width();
        String n = System.lineSeparator();
        return n + "Approaches:" + n
                + table(
                        width,
                        Arrays.stream(Approach.values())
                                .map(a -> List.of(a.id(), a.description()))
                                .toList()) + n + "Workloads:" + n
                + table(
                        width,
                        Arrays.stream(Workload.values())
                                .map(w -> List.of(w.id(), w.description()))
                                .toList());
    }

    /**
     * Names in a column of their own, descriptions beside them wrapped at spaces only ({@link WordWrappingHelp}), their
     * further lines under their first.
     */
    private static String table(int width, List<List<String>> rows) {
        var text = new StringBuilder();
        String indent = " ".repeat(CATALOG_NAME_COLUMN);
        for (List<String> row : rows) {
            List<String> lines = WordWrappingHelp.wrapAtSpaces(row.get(1), width - CATALOG_NAME_COLUMN);
            text.append(String.format("  %-" + (CATALOG_NAME_COLUMN - 3) + "s %s", row.get(0), lines.getFirst()))
                    .append(System.lineSeparator());
            lines.subList(1, lines.size())
                    .forEach(line -> text.append(indent).append(line).append(System.lineSeparator()));
        }
        return text.toString();
    }

    /** Two spaces, a column as wide as the longest name ({@code commonpool-tomcat}) and one more, and a space. */
    private static final int CATALOG_NAME_COLUMN = 21;

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = StackbenchMain.class.getPackage().getImplementationVersion();
            return new String[] {
                "stackbench " + (version == null ? "(development build)" : version) + " on Java " + Runtime.version()
                        + " (" + System.getProperty("java.vm.vendor") + ")"
            };
        }
    }
}
