package dev.stackbench.core.profile;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import jdk.jfr.consumer.RecordedThread;

/**
 * Which threads are the server's: every Java thread except those the caller names, by id (a thread it knows, e.g. its
 * own) or by name prefix (a group it knows only by name: the load generator's event loops, JFR's own threads, a second
 * service's). Thread ids are never reused in a JVM, so ids gathered over several windows stay right. Threads without a
 * Java identity (GC, JIT compiler, VM threads, which only async-profiler samples) are never the server's.
 *
 * @param excludedThreadIds    Java thread ids ({@link Thread#threadId()}) that are not the server's
 * @param excludedNamePrefixes name prefixes of threads that are not the server's
 */
public record ThreadScope(Set<Long> excludedThreadIds, List<String> excludedNamePrefixes) {

    /** JFR's own Java threads ("JFR Periodic Tasks", "JFR Event Stream", ...): the measurement's, never the server's. */
    public static final String JFR_THREAD_PREFIX = "JFR ";

    public ThreadScope {
        excludedThreadIds = Set.copyOf(Objects.requireNonNull(excludedThreadIds, "excludedThreadIds"));
        excludedNamePrefixes = List.copyOf(Objects.requireNonNull(excludedNamePrefixes, "excludedNamePrefixes"));
    }

    /** Everything but JFR's threads. */
    public static ThreadScope serverThreads() {
        return new ThreadScope(Set.of(), List.of(JFR_THREAD_PREFIX));
    }

    public ThreadScope excludingThread(long threadId) {
        var ids = new HashSet<>(excludedThreadIds);
        ids.add(threadId);
        return new ThreadScope(ids, excludedNamePrefixes);
    }

    /** @param prefix a name prefix of threads that are not the server's; blank is refused, it would exclude every thread */
    public ThreadScope excludingNamePrefix(String prefix) {
        if (prefix == null || prefix.isBlank()) {
            throw new IllegalArgumentException(
                    "a thread name prefix to exclude must not be blank: '" + prefix + "' would exclude every thread");
        }
        var prefixes = new ArrayList<>(excludedNamePrefixes);
        prefixes.add(prefix);
        return new ThreadScope(excludedThreadIds, prefixes);
    }

    /** What a thread is to the profile. */
    enum Owner {
        SERVER,
        OTHER,
        JVM
    }

    Owner owner(RecordedThread thread) {
        if (thread == null) {
            return Owner.JVM;
        }
        String name = thread.getJavaName();
        if (name == null && !thread.isVirtual()) {
            return Owner.JVM; // a thread of the VM itself (no Java name): GC, compiler, VM thread
        }
        if (excludedThreadIds.contains(thread.getJavaThreadId())) {
            return Owner.OTHER;
        }
        if (name != null) {
            for (String prefix : excludedNamePrefixes) {
                if (name.startsWith(prefix)) {
                    return Owner.OTHER;
                }
            }
        }
        return Owner.SERVER;
    }
}
