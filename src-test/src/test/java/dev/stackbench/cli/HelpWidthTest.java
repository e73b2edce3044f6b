package dev.stackbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * {@code --help} reads well at 80 and 120 columns: no line is wider, no word is broken across lines (the help at a width
 * where nothing wraps has the same words), every command's summary in the list of commands is a whole sentence, and the
 * approaches' and workloads' descriptions continue under their first line, never at column 0.
 */
@ChecksBehaviour
class HelpWidthTest {

    /** Wide enough that nothing wraps: the words as written. */
    private static final int UNWRAPPED = 2000;

    static Stream<Arguments> commandsAndWidths() {
        List<String> commands = Stream.concat(
                        Stream.of(""), StackbenchMain.commandLine().getSubcommands().keySet().stream())
                .toList();
        return commands.stream().flatMap(command -> Stream.of(80, 120).map(width -> Arguments.of(command, width)));
    }

    @ParameterizedTest(name = "{0} --help at {1} columns")
    @MethodSource("commandsAndWidths")
    void helpFitsTheWidthAndBreaksNoWord(String command, int width) {
        String help = help(command, width);

        assertThat(help.lines())
                .as("lines of %s --help at %d columns", command, width)
                .allSatisfy(line -> assertThat(line.length()).as("'%s'", line).isLessThanOrEqualTo(width));
        assertThat(words(help))
                .as("words of %s --help at %d columns, against the help unwrapped", command, width)
                .containsExactlyElementsOf(words(help(command, UNWRAPPED)));
        List<String> catalog = help.lines()
                .dropWhile(line -> !line.equals("Approaches:"))
                .skip(1)
                .toList();
        assertThat(catalog)
                .as("the catalog")
                .isNotEmpty()
                .allSatisfy(line -> assertThat(line)
                        .as("a catalog line")
                        .matches(
                                text -> text.isEmpty() || text.startsWith("  ") || text.equals("Workloads:"),
                                "starts indented"));
    }

    @ParameterizedTest(name = "the list of commands at {1} columns")
    @MethodSource("commandsAndWidths")
    void everyCommandIsSummedUpInAWholeSentence(String command, int width) {
        if (!command.isEmpty()) {
            return; // the list is the top level's
        }
        List<String> lines = help("", width)
                .lines()
                .dropWhile(line -> !line.equals("Commands:"))
                .skip(1)
                .takeWhile(line -> !line.isEmpty())
                .toList();
        var summaries = new StringBuilder();
        for (String line : lines) {
            summaries.append(line.startsWith("    ") ? " " + line.strip() : "\n" + line.strip());
        }
        List<String> entries = summaries.toString().strip().lines().toList();

        assertThat(entries)
                .hasSize(StackbenchMain.commandLine().getSubcommands().size())
                .allSatisfy(entry -> assertThat(entry).as("a command's summary").endsWith("."));
    }

    private static String help(String command, int width) {
        CommandLine commandLine = StackbenchMain.commandLine();
        CommandLine target =
                command.isEmpty() ? commandLine : commandLine.getSubcommands().get(command);
        target.setUsageHelpAutoWidth(false);
        target.setUsageHelpWidth(width);
        return target.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    private static final Pattern SPACE = Pattern.compile("\\s+");

    private static List<String> words(String text) {
        return Arrays.stream(SPACE.split(text.strip())).toList();
    }
}
