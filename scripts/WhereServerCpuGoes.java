// Where each variant's server threads spend their CPU per request, from a comparison profiled with async-profiler
// (compare --profile async --out DIR; with kernel frames when /proc/sys/kernel/perf_event_paranoid is 1 or less): each
// sample's stack is put in one category, by the system call it is in (epoll, futex, write, read), else by its leaf Java
// frame (virtual threads' mount and yield, JFR), else "user space"; shares are turned into µs per request with the
// variant's median server CPU per request over its trials (ThreadMXBean).
// Usage: java -cp bench-jmh/target/bench-jmh.jar scripts/WhereServerCpuGoes.java COMPARISON_DIR
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

import dev.stackbench.core.compare.ComparisonFiles;
import dev.stackbench.core.compare.ComparisonResult;

class WhereServerCpuGoes {
    static final Pattern WRITE = Pattern.compile("sendto|sendmsg|write");
    static final Pattern READ = Pattern.compile("recv|read");
    static final Pattern VIRTUAL_THREADS = Pattern.compile(
            "(jdk\\.internal\\.vm\\.Continuation|java\\.lang\\.VirtualThread|java\\.util\\.concurrent\\.ForkJoin"
                    + "|java\\.util\\.concurrent\\.locks|jdk\\.internal\\.misc\\.Unsafe\\.(park|unpark)).*");
    static final Pattern JFR = Pattern.compile("Jfr|fill_in_stack_trace|BacktraceBuilder|vframeStream");

    static String category(List<String> frames) {
        for (String frame : frames) {
            if (frame.startsWith("__x64_sys_") || frame.startsWith("__se_sys_")) {
                if (frame.contains("epoll")) return "kernel: epoll wait (event loop idle or woken, switches included)";
                if (frame.contains("futex")) return "kernel: futex (threads parked and unparked)";
                if (WRITE.matcher(frame).find()) return "kernel: write (socket send, eventfd wake-up)";
                if (READ.matcher(frame).find()) return "kernel: read (socket receive)";
                return "kernel: other system calls";
            }
        }
        if (frames.stream().anyMatch(frame -> frame.endsWith("_[k]"))) return "kernel: interrupts and scheduler";
        String tail = String.join(";", frames.subList(Math.max(0, frames.size() - 6), frames.size()));
        if (JFR.matcher(tail).find()) return "JFR sampling, exception stacks";
        String leafJava = frames.reversed().stream().filter(frame -> frame.contains(".")).findFirst().orElse("");
        if (VIRTUAL_THREADS.matcher(leafJava).matches()) return "virtual threads: mount, yield, schedule (Java)";
        return "user space: HTTP, Reactor, Spring, the workload";
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: WhereServerCpuGoes COMPARISON_DIR");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        ComparisonResult result = ComparisonFiles.read(ComparisonFiles.find(dir));
        var shares = new LinkedHashMap<String, Map<String, Double>>();
        var micros = new LinkedHashMap<String, Double>();
        for (String label : result.labels()) {
            Path collapsed = dir.resolve("profiles").resolve(label).resolve("profile-cpu.collapsed");
            if (!Files.exists(collapsed)) continue;
            var byCategory = new LinkedHashMap<String, Double>();
            long total = 0;
            for (String line : Files.readAllLines(collapsed)) {
                int space = line.lastIndexOf(' ');
                long count = Long.parseLong(line.substring(space + 1));
                total += count;
                byCategory.merge(category(List.of(line.substring(0, space).split(";"))), (double) count, Double::sum);
            }
            long samples = total;
            byCategory.replaceAll((category, count) -> count / samples);
            shares.put(label, byCategory);
            var perRequest = new ArrayList<Double>();
            for (ComparisonResult.Round round : result.rounds()) {
                round.trial(label).map(trial -> trial.result().jvm().serverCpuMicrosPerRequest()).ifPresent(perRequest::add);
            }
            perRequest.sort(null);
            micros.put(label, perRequest.get(perRequest.size() / 2));
        }
        var categories = new TreeSet<String>();
        shares.values().forEach(map -> categories.addAll(map.keySet()));
        System.out.printf(Locale.ROOT, "%-66s", "where the server threads spend CPU (share, µs per request)");
        shares.keySet().forEach(label -> System.out.printf(Locale.ROOT, " %22s", label));
        System.out.println();
        for (String category : categories) {
            System.out.printf(Locale.ROOT, "%-66s", category);
            shares.forEach((label, map) -> System.out.printf(
                    Locale.ROOT, " %8.1f%%, %6.1f µs", 100 * map.getOrDefault(category, 0.0),
                    map.getOrDefault(category, 0.0) * micros.get(label)));
            System.out.println();
        }
        System.out.printf(Locale.ROOT, "%-66s", "server CPU per request (median of trials)");
        micros.values().forEach(value -> System.out.printf(Locale.ROOT, " %18.1f µs", value));
        System.out.println();
    }
}
