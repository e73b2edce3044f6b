package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/quick-start.md's commands, run as written, one after another, through the real jar, in a directory of their own:
 * each ends with exit code 0 (the gate may also say 1, a rule broken by a busy machine's noise, which is a verdict,
 * never 2, bad input). The build step is the build that made the jar under test, so it is not run again.
 */
@ChecksBehaviour
class QuickStartTest {

    private static final Path QUICK_START = DocsTest.ROOT.resolve("docs").resolve("quick-start.md");
    private static final String JAR_IN_DOCS = "bench-jmh/target/bench-jmh.jar";
    private static final Path JAR = Path.of(System.getProperty("stackbench.jar", "../bench-jmh/target/bench-jmh.jar"))
            .toAbsolutePath();

    @TempDir
    Path workingDirectory;

    @Test
    void everyCommandOfTheQuickStartRuns() throws Exception {
        List<String> commands = commands();
        assertThat(commands).as("the quick start's java -jar commands").hasSizeGreaterThanOrEqualTo(5);

        for (String command : commands) {
            var args = new ArrayList<String>();
            for (String word : command.split("\\s+")) {
                if (word.equals("java") && args.isEmpty()) {
                    args.add(Cli.java()); // from the jar's AOT cache, as every test starts it: JDK_JAVA_OPTIONS below
                } else {
                    args.add(word.equals(JAR_IN_DOCS) ? JAR.toString() : word);
                }
            }
            Path output = workingDirectory.resolve("output-" + System.nanoTime() + ".txt");
            var builder = new ProcessBuilder(args)
                    .directory(workingDirectory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            // C1 for every JVM a command starts, compare's variants included (they inherit the environment), and the
            // jar's AOT cache: these commands are checked for running, not for their numbers (Cli.QUICK_JIT).
            var options = new ArrayList<>(List.of(Cli.QUICK_JIT));
            options.addAll(Cli.aotCache());
            builder.environment().put("JDK_JAVA_OPTIONS", String.join(" ", options));
            Process process = builder.start();
            boolean finished = process.waitFor(4, TimeUnit.MINUTES);
            if (!finished) {
                process.destroyForcibly();
            }
            String printed = Files.readString(output);
            assertThat(finished)
                    .as("%s finished in time:%n%s", command, printed)
                    .isTrue();
            String[] words = command.split("\\s+");
            boolean gate = words.length > 3 && words[3].equals("gate"); // java -jar JAR gate ...
            assertThat(process.exitValue()).as("%s:%n%s", command, printed).isIn(gate ? List.of(0, 1) : List.of(0));
        }
        assertThat(workingDirectory.resolve("out/report/index.html")).exists();
    }

    /** The {@code java -jar} lines of the page's bash blocks, in order. */
    private static List<String> commands() throws IOException {
        var commands = new ArrayList<String>();
        boolean bash = false;
        for (String line : Files.readAllLines(QUICK_START)) {
            if (line.startsWith("```")) {
                bash = !bash && line.equals("```bash");
            } else if (bash && line.startsWith("java -jar " + JAR_IN_DOCS)) {
                commands.add(line.strip());
            }
        }
        return commands;
    }
}
