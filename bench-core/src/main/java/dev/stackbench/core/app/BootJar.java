package dev.stackbench.core.app;

import dev.stackbench.core.vocabulary.FileDigest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;

/**
 * A Spring Boot executable jar, unpacked once into a cache directory named by the jar's SHA-256 (a rebuilt jar gets a
 * directory of its own): {@code classes/} (its BOOT-INF/classes) and {@code lib/} (its BOOT-INF/lib), in the order of
 * its class-path index. Unpacked rather than read through Spring Boot's own launcher, because the launcher's nested-jar
 * URL handler is JVM-wide state that differs between Spring Boot 3.x and 4.x (two applications, or one beside
 * stackbench's own Spring Boot, would meet in it), while plain files on a {@link java.net.URLClassLoader} work for every
 * version alike, and a second start of the same jar costs only its hash.
 *
 * @param startClass  its manifest's Start-Class: the class whose main method starts it
 * @param bootVersion its manifest's Spring-Boot-Version; null where the jar does not say
 * @param classes     its own classes, unpacked
 * @param libs        its libraries, in its class path's order
 */
public record BootJar(Path jar, String startClass, String bootVersion, Path classes, List<Path> libs) {

    private static final String CLASSES = "BOOT-INF/classes/";
    private static final String LIB = "BOOT-INF/lib/";
    private static final String CLASSPATH_INDEX = "BOOT-INF/classpath.idx";
    /** Where unpacked jars are kept, under the temporary directory: it is a cache, not a result. */
    private static final String CACHE_DIRECTORY = "stackbench-apps";
    /** Written last: a directory without it was left half-unpacked and is unpacked again. */
    private static final String COMPLETE = ".complete";

    /**
     * Checks that {@code jar} is a Spring Boot executable jar, and unpacks it unless it is in the cache already.
     *
     * @throws AppStartException naming the jar and what it lacks
     */
    static BootJar open(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new AppStartException(
                    "application jar " + jar + (Files.exists(jar) ? " is not a file" : " does not exist"), List.of());
        }
        String startClass;
        String bootVersion;
        try (var file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            Attributes main = manifest == null ? new Attributes() : manifest.getMainAttributes();
            startClass = main.getValue("Start-Class");
            bootVersion = main.getValue("Spring-Boot-Version");
            if (startClass == null || file.getEntry(CLASSES) == null && file.getEntry(LIB) == null) {
                throw new AppStartException(
                        jar + " is not a Spring Boot executable jar: "
                                + (startClass == null ? "its manifest names no Start-Class" : "it holds no BOOT-INF/")
                                + (file.getEntry("WEB-INF/") != null
                                        ? " (an executable war is not supported: build a jar)"
                                        : "")
                                + "; build it with spring-boot-maven-plugin's repackage goal or Gradle's bootJar",
                        List.of());
            }
        } catch (ZipException e) {
            throw new AppStartException(
                    jar + " is not a Spring Boot executable jar: it is not a jar at all (" + e.getMessage() + ")",
                    List.of());
        } catch (IOException e) {
            throw new AppStartException("cannot read application jar " + jar + ": " + e.getMessage(), List.of());
        }
        Path directory = unpacked(jar);
        return new BootJar(jar, startClass, bootVersion, directory.resolve("classes"), libs(directory));
    }

    /**
     * Its class path with {@code webServer}'s libraries kept and every other server's left out; null: all of them.
     *
     * @throws AppStartException when the jar does not hold the server asked for
     */
    List<Path> classPath(WebServer webServer) {
        var classPath = new ArrayList<Path>();
        classPath.add(classes);
        if (webServer == null) {
            classPath.addAll(libs);
            return classPath;
        }
        if (libs.stream().noneMatch(lib -> webServer.isMarker(lib.getFileName().toString()))) {
            List<String> present = Stream.of(WebServer.values())
                    .filter(server -> libs.stream()
                            .anyMatch(lib -> server.isMarker(lib.getFileName().toString())))
                    .map(WebServer::id)
                    .toList();
            throw new AppStartException(
                    "web server " + webServer.id() + " is not in " + jar + "'s libraries; it holds "
                            + (present.isEmpty() ? "none of " + WebServer.ids() : String.join(", ", present)),
                    List.of());
        }
        for (Path lib : libs) {
            String name = lib.getFileName().toString();
            boolean another = Stream.of(WebServer.values())
                    .anyMatch(server -> server != webServer && server.owns(name) && !webServer.owns(name));
            if (!another) {
                classPath.add(lib);
            }
        }
        return classPath;
    }

    private static List<Path> libs(Path directory) {
        Path lib = directory.resolve("lib");
        try {
            Path index = directory.resolve("classpath.idx");
            if (Files.exists(index)) {
                // Lines of the form - "BOOT-INF/lib/name.jar": Spring Boot's own launcher keeps this order.
                return Files.readAllLines(index, StandardCharsets.UTF_8).stream()
                        .map(line ->
                                line.replaceAll("^- \"" + LIB + "(.*)\"$", "$1").strip())
                        .filter(name -> !name.isEmpty())
                        .map(lib::resolve)
                        .filter(Files::exists)
                        .toList();
            }
            try (Stream<Path> files = Files.list(lib)) {
                return files.sorted(Comparator.comparing(Path::toString)).toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the libraries unpacked in " + lib, e);
        }
    }

    /** The cache directory of this jar's contents, unpacked now unless an earlier start did. */
    private static Path unpacked(Path jar) {
        Path cache = Path.of(System.getProperty("java.io.tmpdir"), CACHE_DIRECTORY);
        Path directory = cache.resolve(sha256(jar));
        if (Files.exists(directory.resolve(COMPLETE))) {
            return directory;
        }
        try {
            Files.createDirectories(cache);
            Path partial = Files.createTempDirectory(cache, directory.getFileName() + ".partial-");
            unpack(jar, partial);
            Files.writeString(partial.resolve(COMPLETE), jar.toAbsolutePath().toString());
            try {
                Files.move(partial, directory, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException | AtomicMoveNotSupportedException raced) {
                deleteTree(
                        partial); // another process unpacked the same jar meanwhile, or left a broken copy: keep theirs
                // if complete
                if (!Files.exists(directory.resolve(COMPLETE))) {
                    deleteTree(directory);
                    return unpacked(jar);
                }
            }
            return directory;
        } catch (IOException e) {
            throw new AppStartException(
                    "cannot unpack " + jar + " into " + directory + ": " + e.getMessage(), List.of());
        }
    }

    private static void unpack(Path jar, Path into) throws IOException {
        Files.createDirectories(into.resolve("classes"));
        Files.createDirectories(into.resolve("lib"));
        try (var file = new JarFile(jar.toFile())) {
            for (ZipEntry entry : Collections.list(file.entries())) {
                String name = entry.getName();
                Path target;
                if (name.startsWith(CLASSES) && name.length() > CLASSES.length()) {
                    target = into.resolve("classes").resolve(name.substring(CLASSES.length()));
                } else if (name.startsWith(LIB) && name.endsWith(".jar")) {
                    target = into.resolve("lib").resolve(name.substring(LIB.length()));
                } else if (name.equals(CLASSPATH_INDEX)) {
                    target = into.resolve("classpath.idx");
                } else {
                    continue; // the launcher's own classes and the manifest: not the application's
                }
                if (!target.normalize().startsWith(into)) {
                    throw new IOException("entry " + name + " points outside the jar's directory");
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = file.getInputStream(entry)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /**
     * The jar's SHA-256 in hex, its first 128 bits: its unpacked directory's name, and what tells two builds apart (check's
     * same bytes).
     *
     * @throws AppStartException naming the jar when it cannot be read
     */
    public static String sha256(Path jar) {
        try {
            return FileDigest.sha256(jar).substring(0, 32);
        } catch (UncheckedIOException e) {
            throw new AppStartException(
                    "cannot read application jar " + jar + ": " + e.getCause().getMessage(), List.of());
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
