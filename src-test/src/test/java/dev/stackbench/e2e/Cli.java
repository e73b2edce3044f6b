package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.cli.StackbenchMain;
import dev.stackbench.jmh.JvmFlags;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * stackbench's command line as the tests run it: in this JVM ({@link #run}), for what ends before anything starts or
 * measures (input handling, reports, gates), or through the real jar in a JVM of its own ({@link #jar}), as a user runs
 * it. One result type for both.
 */
public final class Cli {

    /** The real jar, built by the bench-jmh module (./mvnw verify builds it before this module's tests). */
    public static final Path JAR = Path.of(System.getProperty("stackbench.jar", "../bench-jmh/target/bench-jmh.jar"));

    private Cli() {}

    /** A command's exit code and what it printed. */
    public record Run(int exitCode, String out, String err) {
        /** The lines of stderr that are errors, not progress. */
        public List<String> errorLines() {
            return err.lines().filter(line -> line.startsWith("error:")).toList();
        }
    }

    /** The command in this JVM, through {@link StackbenchMain#execute}, its output captured. */
    public static Run run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        int exitCode = StackbenchMain.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exitCode, out.toString(), err.toString());
    }

    /**
     * The jar's AOT cache, which the build writes beside it on JDK 25 and newer (bench-jmh's aot-cache profile): a JVM of
     * the jar started from it has the classes of a run loaded and linked, seconds of CPU sooner on these 2 cores.
     */
    public static final Path AOT_CACHE = JAR.resolveSibling("bench-jmh.aot");

    /** This JVM's java, for the JVMs the tests start. */
    public static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /**
     * The options that start a JVM of the jar from its AOT cache, where the build wrote one, with the JVM's messages about
     * it off: a cache the JVM cannot use (a jar rebuilt without it) only costs the time it would have saved. With the
     * native access its training run had (bench-jmh's aot-cache profile), which every variant's JVM and JMH fork has too:
     * a JVM whose module options differ from the training's cannot use the cache.
     */
    public static List<String> aotCache() {
        return Files.isRegularFile(AOT_CACHE)
                ? List.of(JvmFlags.ENABLE_NATIVE_ACCESS, "-XX:AOTCache=" + AOT_CACHE.toAbsolutePath(), "-Xlog:aot=off")
                : List.of();
    }

    /**
     * The JIT of the JVMs the tests start for what they check, not for how fast it runs: C1 only. Measured here (a
     * server's JVM from its start through 7 s): 2.9-3.9 s of CPU against 5.0-7.0 s with C2 too, started 25-30% sooner;
     * on two cores shared by two test classes that CPU is the build's time. A test that measures speed in such a JVM
     * holds it to ratios between JVMs alike or to physical bounds, which the JIT does not move.
     */
    public static final String QUICK_JIT = "-XX:TieredStopAtLevel=1";

    /**
     * {@code --jvm-option} for {@code compare} and {@code check}: their variants' JVMs with {@link #QUICK_JIT}, in a test
     * whose verdicts do not matter.
     */
    public static final String VARIANTS_QUICK_JIT = "--jvm-option=" + QUICK_JIT;

    /**
     * The JVM options of the variants' JVMs in {@link #variantsQuickJit}: {@link #QUICK_JIT}, and the jar's AOT cache
     * ({@link #aotCache}), whose class path those JVMs have. Measured here, webflux-netty's JVM spent 1.8-2.0 s of CPU
     * until it served against 2.9-3.4 s without (2026-11-29): on two cores shared by three test classes, that CPU is the
     * build's time.
     */
    public static List<String> variantJvmOptions() {
        var options = new ArrayList<>(List.of(QUICK_JIT));
        options.addAll(aotCache());
        return options;
    }

    /**
     * {@code --jvm-option}s for {@code compare} and {@code check}: {@link #variantJvmOptions}. Not with {@code --aot-cache
     * on}, which trains a cache of its own, nor for an application in a process of its own ({@code --app-process}), to
     * which these options go and whose class path is not the jar's.
     */
    public static List<String> variantsQuickJit() {
        return variantJvmOptions().stream()
                .map(option -> "--jvm-option=" + option)
                .toList();
    }

    /** {@code java [AOT cache] -jar bench-jmh.jar ARGS}: how the tests start stackbench's own JVM. */
    public static List<String> javaJar(String... args) {
        return javaJar(List.of(), args);
    }

    /** {@code java QUICK_JIT JVM_OPTIONS [AOT cache] -jar bench-jmh.jar ARGS}. */
    public static List<String> javaJar(List<String> jvmOptions, String... args) {
        assertThat(JAR)
                .as("built by the bench-jmh module: run the tests with ./mvnw verify")
                .exists();
        var command = new ArrayList<String>();
        command.add(java());
        command.add(QUICK_JIT);
        command.addAll(jvmOptions);
        command.addAll(aotCache());
        command.addAll(List.of("-jar", JAR.toAbsolutePath().toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** The longest a command of a test's size takes here (a comparison of three JVMs included), with room to spare. */
    public static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(4);

    /** The real jar in a JVM of its own ({@link #javaJar}), failed if it does not end within {@link #COMMAND_TIMEOUT}. */
    public static Run jar(String... args) throws IOException, InterruptedException {
        return jar(COMMAND_TIMEOUT, args);
    }

    /** The real jar in a JVM of its own ({@link #javaJar}), failed if it does not end within {@code timeout}. */
    public static Run jar(Duration timeout, String... args) throws IOException, InterruptedException {
        return run(timeout, javaJar(args));
    }

    /** The jar in a JVM of its own started with {@code jvmOptions}, failed if it does not end within {@code timeout}. */
    public static Run jar(Duration timeout, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        return run(timeout, javaJar(jvmOptions, args));
    }

    /** The jar with {@code args}, its environment's {@code environment} added. */
    public static Run jar(Duration timeout, Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        return run(timeout, javaJar(args), environment);
    }

    /** {@code java LAUNCH ARGS} with this JVM's java, failed if it does not end within {@code timeout}. */
    public static Run java(Duration timeout, List<String> launch, String... args)
            throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(java()));
        command.addAll(launch);
        command.addAll(List.of(args));
        return run(timeout, command);
    }

    /** Any {@code command} (a script, another tool), its environment's {@code environment} added. */
    public static Run command(Duration timeout, List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        return run(timeout, command, environment);
    }

    /** {@code command}, failed if it does not end within {@code timeout}. */
    private static Run run(Duration timeout, List<String> command) throws IOException, InterruptedException {
        return run(timeout, command, Map.of());
    }

    private static Run run(Duration timeout, List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("stackbench-run-", ".out");
        Path err = Files.createTempFile("stackbench-run-", ".err");
        try {
            var builder =
                    new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                // A script's children (its java) first: killing the script alone would leave them running.
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                throw new AssertionError(String.join(" ", command) + " did not end within " + timeout.toSeconds()
                        + " s: " + Files.readString(err));
            }
            return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
