package dev.stackbench.core.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * A recorded frame's name in collapsed stacks: {@code package.Class.method} for Java code, the bare symbol for native and
 * VM code (async-profiler records the library as the frame's "class"), with {@code _[k]} for the kernel's, as
 * async-profiler writes them. Hidden classes (lambdas) lose their address, so the same lambda merges across runs.
 */
final class FrameNames {

    /**
     * {@code Foo$$Lambda/0x000071c4d8039a48} (JFR writes {@code Foo$$Lambda.0x...}): a hidden class's address differs
     * from JVM to JVM.
     */
    private static final Pattern HIDDEN_CLASS_ADDRESS = Pattern.compile("[/.]0x[0-9a-fA-F]{6,}");

    private FrameNames() {}

    /** The stack, root first (JFR gives it innermost first). */
    static List<String> rootFirst(RecordedStackTrace stack) {
        List<RecordedFrame> frames = stack.getFrames();
        var names = new ArrayList<String>(frames.size());
        for (int i = frames.size() - 1; i >= 0; i--) {
            names.add(of(frames.get(i)));
        }
        return names;
    }

    static String of(RecordedFrame frame) {
        var method = frame.getMethod();
        if (method == null) {
            return "[unknown]";
        }
        String kind = frame.getType();
        String type = method.getType() == null ? null : method.getType().getName();
        if ("Kernel".equals(kind)) {
            return clean(method.getName()) + FrameCategory.KERNEL_SUFFIX;
        }
        if ("C++".equals(kind) || type == null || type.isEmpty() || "Native".equals(kind) && type.contains(".so")) {
            return clean(method.getName()); // async-profiler's native symbol; its "class" is the library
        }
        return clean(HIDDEN_CLASS_ADDRESS.matcher(type).replaceAll("") + "." + method.getName());
    }

    /** Allocation stacks end with the type allocated, as Java writes it: {@code new byte[]}, {@code new java.lang.String[]}. */
    static String allocated(String typeName) {
        return FrameCategory.ALLOCATION_PREFIX
                + clean(HIDDEN_CLASS_ADDRESS.matcher(sourceName(typeName)).replaceAll(""));
    }

    /** JFR names array classes by their descriptor ({@code [B}, {@code [Ljava.lang.String;}); anything else is as it is. */
    static String sourceName(String typeName) {
        int dimensions = 0;
        while (dimensions < typeName.length() && typeName.charAt(dimensions) == '[') {
            dimensions++;
        }
        if (dimensions == 0) {
            return typeName;
        }
        String element = typeName.substring(dimensions);
        String name = switch (element) {
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            case "F" -> "float";
            case "D" -> "double";
            case "Z" -> "boolean";
            default ->
                element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1) : element;
        };
        return name + "[]".repeat(dimensions);
    }

    /** ';' separates frames in collapsed stacks and a line break ends one: neither may appear in a name. */
    private static String clean(String name) {
        return name.replace(';', ',').replace('\n', ' ').replace('\r', ' ');
    }
}
