package dev.stackbench.core.scenario;

import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.profile.Profile;
import dev.stackbench.core.profile.ProfileFiles;
import dev.stackbench.core.profile.ProfileRecorder;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.profile.ProfileWindow;
import dev.stackbench.core.profile.ThreadScope;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ServerProfile;
import java.io.UncheckedIOException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One load run with the server profiled over the run's measured window ({@code load
 * --profile} and scenarios): the recorder starts before the load (its start-up cost falls in the warm-up), the window is
 * included once the run knows it, and the profile's facts go into the result, its collapsed stacks (and recordings, if
 * kept) beside it. The load generator's threads, the calling thread (it samples the JVM's metrics) and an upstream
 * service's threads are not the server's.
 */
public final class ProfiledRun {

    /** The run itself: LoadGenerator.run with its arguments. */
    @FunctionalInterface
    public interface Load {
        Measurement run() throws UnknownHostException;
    }

    private ProfiledRun() {}

    /**
     * @param settings  how to record; null runs {@code load} unprofiled
     * @param servers   the servers under load, for their code packages and an upstream service's threads
     * @param directory where the run's files go (the profile's beside them); null for none
     */
    public static Measurement run(ProfileSettings settings, InProcessServers servers, Path directory, Load load)
            throws UnknownHostException {
        ThreadScope threads = ThreadScope.serverThreads();
        if (servers.upstream().isPresent()
                && servers.upstream().get().threadNamePrefix().isPresent()) {
            threads = threads.excludingNamePrefix(
                    servers.upstream().get().threadNamePrefix().get());
        }
        return run(settings, OptionalLong.empty(), threads, servers.server().codePackages(), directory, load);
    }

    /**
     * The same for the user's application ({@code load --app --profile}): started in this JVM, whose threads are every
     * thread but the generator's, the caller's and {@code others}'; or in a process of its own ({@code --app-process}),
     * recorded there, where every thread is the application's but the recording's own.
     *
     * @param process      the application's own process; empty when it runs in this JVM
     * @param others       the threads, beyond the generator's and the caller's, that are not the server's
     * @param codePackages the server's own package prefixes, told apart in its stacks
     */
    public static Measurement run(
            ProfileSettings settings,
            OptionalLong process,
            ThreadScope others,
            List<String> codePackages,
            Path directory,
            Load load)
            throws UnknownHostException {
        if (settings == null) {
            return load.run();
        }
        try (ProfileRecorder recorder = ProfileRecorder.start(settings, process)) {
            Measurement measurement = load.run();
            ProfileWindow.measuredWindowOf(measurement.result()).ifPresent(recorder::include);
            ThreadScope threads = others.excludingNamePrefix(LoadGenerator.THREAD_NAME_PREFIX)
                    .excludingThread(Thread.currentThread().threadId());
            Profile profile = recorder.finish(threads, codePackages);
            ServerProfile.Files files = null;
            String unwritten = null;
            if (directory != null) {
                try {
                    files = ProfileFiles.write(directory, profile);
                } catch (UncheckedIOException e) {
                    unwritten = "the profile's files were not written: " + e.getMessage();
                }
            }
            RunResult result = measurement.result();
            ServerProfile facts =
                    profile.facts(result.requests().ok() + result.requests().errors(), files);
            if (unwritten != null) {
                var notes = new ArrayList<>(facts.notes());
                notes.add(unwritten);
                facts = new ServerProfile(
                        facts.mode(),
                        facts.windowSeconds(),
                        facts.windows(),
                        facts.carriers(),
                        facts.codePackages(),
                        facts.cpu(),
                        facts.allocation(),
                        facts.locks(),
                        facts.pinning(),
                        facts.gc(),
                        null,
                        List.copyOf(notes));
            }
            return measurement.withServerProfile(facts);
        }
    }
}
