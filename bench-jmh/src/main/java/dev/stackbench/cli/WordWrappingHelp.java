package dev.stackbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's help, wrapped at spaces only. picocli breaks lines where Java's line {@code BreakIterator} allows, which
 * includes after a dot or a colon inside a word ({@code CompletableFuture.} / {@code supplyAsync}, {@code tomcat-50:} /
 * {@code platform-tomcat}); here the descriptions, the options' and the commands' text are wrapped at spaces before
 * picocli lays them out, so each line fits its column and picocli has nothing left to break. The layout (columns,
 * widths, the terminal's width with {@code usageHelpAutoWidth}) stays picocli's.
 */
final class WordWrappingHelp extends Help {

    WordWrappingHelp(CommandSpec spec, ColorScheme colorScheme) {
        super(spec, colorScheme);
    }

    /** Each paragraph of the command's description, wrapped at the help's width. */
    @Override
    public String description(Object... params) {
        var text = new StringBuilder();
        for (String paragraph : commandSpec().usageMessage().description()) {
            for (String line : wrapAtSpaces(
                    String.format(paragraph, params),
                    commandSpec().usageMessage().width())) {
                text.append(line).append(System.lineSeparator());
            }
        }
        return text.toString();
    }

    @Override
    public Layout createDefaultLayout(
            List<OptionSpec> options, List<PositionalParamSpec> positionals, ColorScheme colorScheme) {
        Layout layout = super.createDefaultLayout(options, positionals, colorScheme);
        return new Layout(
                colorScheme,
                new WordWrappingTable(colorScheme, layout.textTable().columns()),
                layout.optionRenderer(),
                layout.parameterRenderer());
    }

    /** The list of commands: their names as picocli lays them out, their summaries wrapped at spaces. */
    @Override
    public TextTable createTextTable(Map<?, ?> map) {
        TextTable laidOut = super.createTextTable(map);
        var table = new WordWrappingTable(colorScheme(), laidOut.columns());
        map.forEach((name, summary) -> table.addRowValues(text(name), text(summary)));
        return table;
    }

    private Ansi.Text text(Object value) {
        return value instanceof Ansi.Text text
                ? text
                : colorScheme().ansi().new Text(String.valueOf(value), colorScheme());
    }

    /** {@code text} in lines of at most {@code width} characters, broken at spaces only; a longer word gets a line of its own. */
    static List<String> wrapAtSpaces(String text, int width) {
        var lines = new ArrayList<String>();
        var line = new StringBuilder();
        for (String word : text.strip().split(" +")) {
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /** A text table whose wrapping columns take their values wrapped at spaces, a line per row. */
    private static final class WordWrappingTable extends TextTable {

        WordWrappingTable(ColorScheme colorScheme, Column[] columns) {
            super(colorScheme, columns);
        }

        @Override
        public Cell putValue(int row, int col, Ansi.Text value) {
            Column column = columns()[col];
            String plain = value.plainString();
            if (column.overflow != Column.Overflow.WRAP
                    || plain.contains("\n")
                    || plain.length() <= column.width - column.indent) {
                return super.putValue(row, col, value);
            }
            List<String> lines = wrapAtSpaces(plain, column.width - column.indent);
            if (lines.stream().anyMatch(line -> line.length() > column.width - column.indent)) {
                return super.putValue(row, col, value); // a word wider than the column: picocli breaks it where it can
            }
            Cell cell = null;
            int start = 0;
            for (int i = 0; i < lines.size(); i++) {
                while (rowCount() <= row + i) {
                    addEmptyRow();
                }
                int from = plain.indexOf(lines.get(i), start); // the same characters, with their styles
                cell = super.putValue(
                        row + i, col, value.substring(from, from + lines.get(i).length()));
                start = from + lines.get(i).length();
            }
            return cell;
        }
    }
}
