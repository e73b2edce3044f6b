package dev.stackbench.core.profile;

import java.util.List;

/**
 * Whose code a frame is: the server's own (its packages, as the server says them), the JDK's, native or VM code, or
 * everything else Java, the frameworks and libraries the server runs on. Told from the frame's name alone, so that
 * collapsed stacks read back from a file are classified as when they were recorded.
 */
public enum FrameCategory {
    OWN("own"),
    FRAMEWORK("framework"),
    JDK("jdk"),
    NATIVE("native"),
    /** The last frame of an allocation stack: the type allocated ({@code new TYPE}). */
    ALLOCATED_TYPE("allocated-type");

    /** The prefix of an allocation stack's last frame, the allocated type. */
    public static final String ALLOCATION_PREFIX = "new ";
    /** The suffix async-profiler gives kernel frames. */
    static final String KERNEL_SUFFIX = "_[k]";

    private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    private final String id;

    FrameCategory(String id) {
        this.id = id;
    }

    /** As in result.json. */
    public String id() {
        return id;
    }

    /**
     * @param frame        {@code package.Class.method}, a native symbol, or {@code new TYPE}
     * @param codePackages the server's own package prefixes, e.g. {@code dev.stackbench.servers.}
     */
    public static FrameCategory of(String frame, List<String> codePackages) {
        if (frame.startsWith(ALLOCATION_PREFIX)) {
            return ALLOCATED_TYPE;
        }
        // Native symbols: C++ (JVM) names, kernel frames, plain C symbols; a Java frame is always Class.method.
        if (frame.contains("::") || frame.endsWith(KERNEL_SUFFIX) || frame.indexOf('.') <= 0) {
            return NATIVE;
        }
        for (String prefix : codePackages) {
            if (frame.startsWith(prefix)) {
                return OWN;
            }
        }
        for (String prefix : JDK_PACKAGES) {
            if (frame.startsWith(prefix)) {
                return JDK;
            }
        }
        return FRAMEWORK;
    }
}
