package dev.stackbench.core.profile;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import one.convert.Arguments;
import one.convert.CallStack;
import one.convert.FlameGraph;
import one.convert.Frame;

/**
 * A flame graph page, rendered by async-profiler's converter ({@link FlameGraph} and its flame.html: a canvas, search
 * with the 🔍 button or Ctrl+F, click to zoom, all inline, nothing fetched): frames coloured by whose code they are, or,
 * for a difference of two runs, by how their share changed.
 *
 * <p>The converter colours a frame by its type (interpreted, JIT-compiled, inlined, native, C++, kernel); here the type
 * carries the category (or the change) instead, and the page's palette is replaced by one for categories. A frame given
 * as interpreted or inlined is kept as a JIT-compiled frame whose samples are all of that kind, which the page colours
 * by that kind, so six colours are available; the root ("all") is always native, so native's colour stays neutral.
 */
public final class FlameGraphPage {

    /** A frame narrower than this share of the whole (percent) is left out of the page (never out of the collapsed file). */
    static final double MIN_WIDTH_PERCENT = 0.05;

    /** The page's rows are 16 px high (flame.html). */
    public static final int ROW_PIXELS = 16;

    /** The converter's palette: one entry per frame type, {@code [base colour, red, green, blue spread]}. */
    private static final Pattern PALETTE = Pattern.compile("const palette = \\[.*?\\];", Pattern.DOTALL);

    /** Which frame type (palette slot) carries which category; the root is always {@link Frame#TYPE_NATIVE}. */
    private static final byte SLOT_ALLOCATED_TYPE = Frame.TYPE_INTERPRETED;

    private static final byte SLOT_FRAMEWORK = Frame.TYPE_JIT_COMPILED;
    private static final byte SLOT_NATIVE = Frame.TYPE_INLINED;
    private static final byte SLOT_JDK = Frame.TYPE_CPP;
    private static final byte SLOT_OWN = Frame.TYPE_KERNEL;
    /** And which change, in a difference. */
    private static final byte SLOT_SAME = Frame.TYPE_JIT_COMPILED;

    private static final byte SLOT_NEW = Frame.TYPE_INLINED;
    private static final byte SLOT_SHRANK = Frame.TYPE_CPP;
    private static final byte SLOT_GREW = Frame.TYPE_KERNEL;

    /**
     * Colours by slot 0 to 6 (the type's number): allocated type, framework, native, root, JDK, own code, unused.
     * Spreads stay within a channel (base + spread <= 0xff).
     */
    private static final String CATEGORY_PALETTE = palette(
            "0x40b8b8, 20, 20, 20",
            "0x50c850, 30, 30, 30",
            "0xd05050, 30, 30, 30",
            "0xc8c8c8, 0, 0, 0",
            "0x88b0d8, 20, 20, 20",
            "0xe09020, 20, 20, 10",
            "0xc8c8c8, 0, 0, 0");
    /** Differences by slot: unused, no clear change, only in the second run, root, shrank, grew, unused. */
    private static final String DIFFERENCE_PALETTE = palette(
            "0xc8c8c8, 0, 0, 0",
            "0xdcdcdc, 0, 0, 0",
            "0xa050c8, 0, 0, 0",
            "0xc8c8c8, 0, 0, 0",
            "0x4888e0, 0, 0, 0",
            "0xe04848, 0, 0, 0",
            "0xc8c8c8, 0, 0, 0");

    /** What the colours mean, for a legend beside the page: CSS colour and words. */
    public record Legend(String colour, String meaning) {}

    public static final List<Legend> CATEGORY_LEGEND = List.of(
            new Legend("#e8a030", "the server's own code"),
            new Legend("#60d860", "frameworks and libraries"),
            new Legend("#98c0e8", "the JDK"),
            new Legend("#e06060", "native and JVM code"));
    public static final List<Legend> ALLOCATION_LEGEND = List.of(
            new Legend("#e8a030", "the server's own code"),
            new Legend("#60d860", "frameworks and libraries"),
            new Legend("#98c0e8", "the JDK"),
            new Legend("#50c8c8", "the type allocated"));
    public static final List<Legend> DIFFERENCE_LEGEND = List.of(
            new Legend("#e04848", "a larger share than in the first run"),
            new Legend("#4888e0", "a smaller share"),
            new Legend("#a050c8", "not in the first run"),
            new Legend("#dcdcdc", "no clear change"));

    /**
     * @param html  the whole page, for an iframe's {@code srcdoc} or a file of its own
     * @param depth the deepest stack shown, in frames: the page's canvas is {@code depth × ROW_PIXELS} high
     */
    public record Page(String html, int depth) {}

    private FlameGraphPage() {}

    /** A flame graph of {@code stacks}, each frame coloured by its {@link FrameCategory}. */
    public static Page of(StackCounts stacks, List<String> codePackages, String title, ProfileKind kind) {
        var graph = new FlameGraph(
                arguments(title + " (" + String.format(Locale.ROOT, "%,d", stacks.total()) + " " + kind.unit() + ")"));
        var call = new CallStack();
        int depth = 0;
        for (var stack : stacks.stacks()) {
            for (String frame : stack.getKey()) {
                call.push(frame, slot(FrameCategory.of(frame, codePackages)));
            }
            graph.addSample(call, stack.getValue());
            depth = Math.max(depth, stack.getKey().size());
            call.clear();
        }
        return new Page(render(graph, CATEGORY_PALETTE), depth + 1);
    }

    /**
     * A differential flame graph: {@code current}'s stacks, as wide as its weights, each frame coloured by the change of
     * its share (of each run's whole) from {@code base}, and its title saying by how much ({@link StackDifference}).
     * Frames only {@code base} has do not show; {@link StackDifference#frames} lists them.
     */
    public static Page difference(StackCounts base, StackCounts current, String title) {
        var difference = new StackDifference(base, current);
        var graph = new FlameGraph(arguments(title));
        var call = new CallStack();
        int depth = 0;
        for (var stack : current.stacks()) {
            List<String> frames = stack.getKey();
            for (int i = 0; i < frames.size(); i++) {
                var change = difference.at(frames.subList(0, i + 1));
                call.push(
                        frames.get(i) + " " + change.label(),
                        switch (change.direction()) {
                            case GREW -> SLOT_GREW;
                            case SHRANK -> SLOT_SHRANK;
                            case NEW -> SLOT_NEW;
                            case SAME -> SLOT_SAME;
                        });
            }
            graph.addSample(call, stack.getValue());
            depth = Math.max(depth, frames.size());
            call.clear();
        }
        return new Page(render(graph, DIFFERENCE_PALETTE), depth + 1);
    }

    private static byte slot(FrameCategory category) {
        return switch (category) {
            case OWN -> SLOT_OWN;
            case FRAMEWORK -> SLOT_FRAMEWORK;
            case JDK -> SLOT_JDK;
            case NATIVE -> SLOT_NATIVE;
            case ALLOCATED_TYPE -> SLOT_ALLOCATED_TYPE;
        };
    }

    private static Arguments arguments(String title) {
        var arguments = new Arguments();
        arguments.title = escapeHtml(title); // the converter writes it into the page's <h1> as it is
        arguments.minwidth = MIN_WIDTH_PERCENT;
        // Roots on top (an icicle; the page's 🔻 flips it): in a frame of limited height the whole width shows first.
        arguments.inverted = true;
        return arguments;
    }

    /**
     * @throws IllegalStateException when the converter's page no longer has the palette this class replaces (a new
     *                               version of it): its colours would mean compilation tiers, not categories
     */
    private static String render(FlameGraph graph, String palette) {
        var bytes = new ByteArrayOutputStream();
        try (var out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
            graph.dump(out);
        }
        String page = bytes.toString(StandardCharsets.UTF_8);
        Matcher matcher = PALETTE.matcher(page);
        if (!matcher.find()) {
            throw new IllegalStateException(
                    "async-profiler's flame.html has no 'const palette = [...]' to colour frames by category:"
                            + " the converter's page changed (tools.profiler:jfr-converter)");
        }
        return page.substring(0, matcher.start()) + palette + page.substring(matcher.end());
    }

    private static String palette(String... entries) {
        return "const palette = ["
                + String.join(
                        ", ",
                        Arrays.stream(entries).map(entry -> "[" + entry + "]").toList()) + "];";
    }

    private static String escapeHtml(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\n", " ");
    }
}
