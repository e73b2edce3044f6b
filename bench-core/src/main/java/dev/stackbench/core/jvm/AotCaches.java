package dev.stackbench.core.jvm;

import dev.stackbench.core.machine.MachineStore;
import dev.stackbench.core.vocabulary.FileDigest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Where JVM AOT caches (JEP 483, 514, 515: classes loaded and linked, method profiles, from a training run) are kept
 * between runs, each under a key of everything that invalidates it: the JDK, the digests of the class path's jars (and
 * any other file the JVM loads code from), the JVM's options, and what it was trained on. A JVM started from its cache
 * skips class loading and linking and starts with its training's profiles, so that many short-lived JVMs cost less
 * each.
 *
 * <pre>{@code
 * AotCache cache = AotCaches.standard().of("mvc-tomcat", classPath, List.of(), options, "GET /date, 50 users");
 * switch (cache) {
 *     case AotCache.Ready ready -> command.addAll(ready.options());      // -XX:AOTCache=...
 *     case AotCache.Missing missing -> train(missing.trainingOptions()); // -XX:AOTCacheOutput=..., then missing.keep()
 *     case AotCache.Off off -> log(off.reason());
 * }
 * }</pre>
 */
public final class AotCaches {

    /** The first JDK whose JVM writes its cache at the end of one training run ({@code -XX:AOTCacheOutput}, JEP 514). */
    public static final int FIRST_JDK = 25;
    /** Under {@code $STACKBENCH_HOME} (else {@code ~/.stackbench}). */
    static final String DIRECTORY = "aot";
    /** Names the directory instead of {@code $STACKBENCH_HOME/aot}. */
    public static final String DIRECTORY_VARIABLE = "STACKBENCH_AOT_DIR";

    /** Whether a run's JVMs start from a cache. */
    public enum Use {
        /** Whenever the JDK and the class path allow it. */
        ON,
        /**
         * Never: the default, because measured here a JVM started from its cache took longer to reach steady (the part
         * of a JVM's cost a comparison pays), though it started sooner (docs/compare.md).
         */
        OFF;

        /** From the command line's word: on or off. */
        public static Use parse(String option, String text) {
            for (Use use : values()) {
                if (use.name().equalsIgnoreCase(text)) {
                    return use;
                }
            }
            throw new IllegalArgumentException(option + " takes on or off, got '" + text + "'");
        }
    }

    /** What a kind of JVM gets: its cache ready, a cache to train, or none and why. */
    public sealed interface AotCache {

        /** A cache made before: start with {@link #options()}. */
        record Ready(Path file) implements AotCache {
            public List<String> options() {
                return List.of("-XX:AOTCache=" + file);
            }
        }

        /** No cache yet: a training JVM started with {@link #trainingOptions()} writes it as it exits; then {@link #keep()}. */
        record Missing(Path file) implements AotCache {
            public List<String> trainingOptions() {
                return List.of("-XX:AOTCacheOutput=" + partial());
            }

            /**
             * Keeps what the training JVM wrote under the cache's name (atomically: another run never sees half a cache).
             *
             * @return the cache, or empty when the training JVM wrote none
             */
            public Optional<Ready> keep() {
                try {
                    if (!Files.isRegularFile(partial()) || Files.size(partial()) == 0) {
                        Files.deleteIfExists(partial());
                        return Optional.empty();
                    }
                    Files.move(partial(), file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                    return Optional.of(new Ready(file));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot keep the AOT cache " + file + ": " + e.getMessage(), e);
                }
            }

            /** Where the training JVM writes it; ".partial" so that a run killed mid-way leaves no cache behind. */
            public Path partial() {
                return file.resolveSibling(file.getFileName() + ".partial");
            }
        }

        /** No cache, for this reason (one line). */
        record Off(String reason) implements AotCache {}
    }

    /**
     * JVM options that set the JVM's AOT or CDS archive themselves: beside a training's -XX:AOTCacheOutput the JVM
     * refuses to start (JDK 25: "Only one of AOTCache or AOTCacheOutput", "cannot be used at the same time with -Xshare:
     * ..."), or writes nothing (-XX:AOTMode=off). Options from JDK_JAVA_OPTIONS or JAVA_TOOL_OPTIONS are not seen here.
     */
    private static final List<String> OWN_ARCHIVE_OPTIONS = List.of(
            "-XX:AOTCache=",
            "-XX:AOTCacheOutput=",
            "-XX:AOTConfiguration=",
            "-XX:AOTMode=",
            "-XX:SharedArchiveFile=",
            "-XX:SharedClassListFile=",
            "-XX:DumpLoadedClassList=",
            "-XX:ArchiveClassesAtExit=",
            "-Xshare:");

    private final Path directory;
    private final int jdk;
    /** A jar's digest by its path, size and time: a suite of runs digests a large jar once. */
    private static final Map<String, String> DIGESTS = new ConcurrentHashMap<>();

    AotCaches(Path directory, int jdk) {
        this.directory = directory;
        this.jdk = jdk;
    }

    /** The caches in {@code $STACKBENCH_AOT_DIR}, else {@code $STACKBENCH_HOME/aot}, else {@code ~/.stackbench/aot}. */
    public static AotCaches standard() {
        String named = System.getenv(DIRECTORY_VARIABLE);
        Path directory = named != null && !named.isBlank()
                ? Path.of(named)
                : MachineStore.home().resolve(DIRECTORY);
        return new AotCaches(directory, Runtime.version().feature());
    }

    public Path directory() {
        return directory;
    }

    /**
     * The cache of one kind of JVM, started by this JVM's java.
     *
     * @param name      what the JVM runs, for the file's name (a variant's label)
     * @param classPath the JVM's class path: jars only (the JVM caches no classes from a directory)
     * @param code      other files it loads code from (an application's jar): their digests are in the key
     * @param options   its JVM options
     * @param training  what it is trained on (its server and load, in words or JSON): a different one is another cache
     */
    public AotCache of(String name, List<Path> classPath, List<Path> code, List<String> options, String training) {
        if (jdk < FIRST_JDK) {
            return new AotCache.Off("the JVM is JDK " + jdk + "; a cache written by its training run needs JDK "
                    + FIRST_JDK + " or newer");
        }
        for (String option : options) {
            if (OWN_ARCHIVE_OPTIONS.stream().anyMatch(option::startsWith)) {
                return new AotCache.Off("its JVM options set the JVM's class-data archive themselves (" + option + ")");
            }
        }
        for (Path entry : classPath) {
            if (Files.isDirectory(entry) && !empty(entry)) {
                return new AotCache.Off("the class path holds a directory (" + entry
                        + "), whose classes an AOT cache cannot hold; run from a jar");
            }
        }
        var key = new ArrayList<String>();
        key.add("java.home=" + System.getProperty("java.home"));
        key.add("java.vm.version=" + System.getProperty("java.vm.version"));
        Stream.concat(classPath.stream(), code.stream())
                .filter(Files::isRegularFile)
                .forEach(file -> key.add("file=" + file.toAbsolutePath() + " " + digest(file)));
        options.forEach(option -> key.add("option=" + option));
        key.add("training=" + training);
        String digest = sha256(String.join("\n", key)).substring(0, 20);
        Path file = directory.resolve(name.replaceAll("[^A-Za-z0-9._+-]", "_") + "-" + digest + ".aot");
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            return new AotCache.Off("cannot make the directory of AOT caches " + directory + ": " + e.getMessage());
        }
        return Files.isRegularFile(file) ? new AotCache.Ready(file) : new AotCache.Missing(file);
    }

    /** This JVM's class path as files. */
    public static List<Path> classPath() {
        return Stream.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(entry -> !entry.isBlank())
                .map(Path::of)
                .toList();
    }

    private static boolean empty(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static String digest(Path file) {
        try {
            String identity = file.toAbsolutePath() + " " + Files.size(file) + " " + Files.getLastModifiedTime(file);
            return DIGESTS.computeIfAbsent(identity, unused -> FileDigest.sha256(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " for its AOT cache's key: " + e.getMessage(), e);
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
