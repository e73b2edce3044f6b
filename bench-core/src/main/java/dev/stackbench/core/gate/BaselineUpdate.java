package dev.stackbench.core.gate;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.read.RecordedResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Replaces a baseline with the current results, deliberately: only on request, never with results
 * that have errors, and all at once (the new baseline is assembled beside the old one and renamed
 * into place, so a failure leaves the old baseline as it was).
 * <ul>
 *   <li>a baseline that is one file (a result.json or a JMH JSON file) takes one current file of the same kind;
 *       a result.json brings its latency.hlog, timeline.csv and latency.hgrm along;</li>
 *   <li>otherwise the baseline is a directory: each current run gets a subdirectory with its files.</li>
 * </ul>
 */
public final class BaselineUpdate {

    private static final List<String> RUN_FILES = List.of(
            ResultFiles.RESULT_JSON, ResultFiles.LATENCY_HLOG, ResultFiles.TIMELINE_CSV, ResultFiles.LATENCY_HGRM);

    private BaselineUpdate() {}

    /** @return what was written, in words */
    public static String replace(Path baseline, RecordedResults current) {
        if (current.hasErrors()) {
            throw new GateInputException(
                    "refusing to make a baseline of results with failed requests: a baseline with errors "
                            + "would let new errors pass; fix the run first");
        }
        try {
            if (Files.isRegularFile(baseline)) {
                return replaceFile(baseline, current);
            }
            return replaceDirectory(baseline, current);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot update the baseline " + baseline + ": " + e.getMessage(), e);
        }
    }

    private static String replaceFile(Path baseline, RecordedResults current) throws IOException {
        if (current.files().size() != 1) {
            throw new GateInputException("the baseline " + baseline + " is one file, but there are "
                    + current.files().size()
                    + " current files: make the baseline a directory for repeats or several targets");
        }
        Path source = current.files().getFirst();
        ResultFiles.writeAtomically(baseline, Files.readAllBytes(source));
        if (isRunFile(source) && isRunFile(baseline)) {
            for (String sibling : RUN_FILES.subList(1, RUN_FILES.size())) {
                Path from = source.resolveSibling(sibling);
                if (Files.isRegularFile(from)) {
                    ResultFiles.writeAtomically(baseline.resolveSibling(sibling), Files.readAllBytes(from));
                } else {
                    Files.deleteIfExists(baseline.resolveSibling(sibling));
                }
            }
        }
        return "baseline " + baseline + " now holds " + source;
    }

    private static String replaceDirectory(Path baseline, RecordedResults current) throws IOException {
        Path parent = baseline.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path staging = parent.resolve("." + baseline.getFileName() + ".new-" + UUID.randomUUID());
        Path old = parent.resolve("." + baseline.getFileName() + ".old-" + UUID.randomUUID());
        try {
            Files.createDirectory(staging);
            int index = 1;
            for (Path source : current.files()) {
                if (isRunFile(source)) {
                    Path run = staging.resolve(String.format(Locale.ROOT, "run-%02d", index++));
                    Files.createDirectory(run);
                    for (String name : RUN_FILES) {
                        Path from = source.resolveSibling(name);
                        if (Files.isRegularFile(from)) {
                            Files.copy(from, run.resolve(name));
                        }
                    }
                } else {
                    Files.copy(
                            source,
                            staging.resolve(String.format(Locale.ROOT, "%02d-%s", index++, source.getFileName())));
                }
            }
            if (Files.exists(baseline)) {
                Files.move(baseline, old);
            }
            Files.move(staging, baseline);
        } finally {
            deleteRecursively(staging);
            deleteRecursively(old);
        }
        return "baseline " + baseline + " now holds " + current.files().size() + " result file(s) of "
                + current.targets().size() + " target(s)";
    }

    private static boolean isRunFile(Path file) {
        return file.getFileName().toString().equals(ResultFiles.RESULT_JSON);
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
