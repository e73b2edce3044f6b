package dev.stackbench.core.compare;

import dev.stackbench.core.app.AppSource;
import dev.stackbench.core.compare.jvm.VariantProcess;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a variant's JVM: this JVM's java and class path, its options (the defaults, the comparison's, the
 * variant's own), {@link VariantProcess} as main; and the options of the JVM its server runs in, when that is a process
 * of its own.
 */
public final class VariantCommand {

    /** Every variant's JVM starts with these, before the comparison's options and its own (a later option wins). */
    public static final List<String> DEFAULT_JVM_OPTIONS =
            List.of("-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED");

    private VariantCommand() {}

    /**
     * The command that starts a variant's JVM: this JVM's java and class path, {@link VariantProcess} as main. The class
     * path goes through a file ({@code java @FILE}): a user's test's class path of hundreds of libraries is longer than
     * one argument may be (128 KB on Linux, 32 KB for a whole command on Windows). Under Maven's surefire it is the test's
     * real class path: surefire starts the test JVM from a manifest-only jar and sets {@code java.class.path} to the
     * class path that jar names.
     */
    static List<String> of(Comparison comparison, Variant variant, List<String> aotOptions) {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions(comparison, variant));
        command.addAll(aotOptions);
        command.add("@" + classPathFile());
        command.add(VariantProcess.class.getName());
        return command;
    }

    /** The options of a variant's JVM: the defaults, then the comparison's and the variant's when its server runs in it. */
    static List<String> jvmOptions(Comparison comparison, Variant variant) {
        var options = new ArrayList<>(DEFAULT_JVM_OPTIONS);
        if (!separateProcess(variant)) { // else they are the application's own JVM's (serverJvmOptions)
            options.addAll(serverJvmOptions(comparison, variant));
        }
        return options;
    }

    /** A java argument file holding {@code -cp} and this JVM's class path, deleted when this JVM exits. */
    private static Path classPathFile() {
        try {
            Path file = Files.createTempFile("stackbench-variant-", ".args");
            file.toFile().deleteOnExit();
            // In an argument file a backslash escapes: Windows paths keep theirs doubled.
            Files.writeString(
                    file,
                    "-cp \"" + System.getProperty("java.class.path").replace("\\", "\\\\") + "\"\n",
                    StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write the class path of the variants' JVMs to a temporary file: " + e.getMessage(), e);
        }
    }

    /**
     * A variant's application given as a main class must be on this JVM's class path, which its JVM starts with: not
     * only in a class loader of this JVM's own (a test runner that isolates the tests' classes).
     *
     * @throws IllegalArgumentException naming the class and where it was not found
     */
    static void checkMainClasses(List<Variant> variants) {
        for (Variant variant : variants) {
            if (variant.source() instanceof ServerSource.Application app
                    && app.app().source() instanceof AppSource.MainClass main
                    && ClassLoader.getSystemClassLoader()
                                    .getResource(main.className().replace('.', '/') + ".class")
                            == null) {
                throw new IllegalArgumentException("variant " + variant.label() + ": application class "
                        + main.className()
                        + " is not on this JVM's class path (java.class.path), which each variant's JVM starts with"
                        + (Thread.currentThread().getContextClassLoader() != null
                                        && Thread.currentThread()
                                                        .getContextClassLoader()
                                                        .getResource(
                                                                main.className().replace('.', '/') + ".class")
                                                != null
                                ? "; it is in a class loader of this JVM's own (run the tests with the system class loader: surefire's "
                                        + "useSystemClassLoader=true, its default)"
                                : ""));
            }
        }
    }

    /** An application that runs in a process of its own, apart from its variant's JVM (whose generator drives it). */
    static boolean separateProcess(Variant variant) {
        return variant.source() instanceof ServerSource.Application app
                && app.app().separateProcess();
    }

    /** The options of the JVM the variant's server runs in: the comparison's, then the variant's own. */
    static List<String> serverJvmOptions(Comparison comparison, Variant variant) {
        var options = new ArrayList<>(comparison.jvmOptions());
        options.addAll(variant.jvmOptions());
        return options;
    }
}
