package dev.stackbench.core.profile;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The events a profile's JFR recording takes and their settings, in JFR's own form ({@code event#setting = value}, as
 * {@link jdk.jfr.Recording#setSettings} and a {@code .jfc} file take them): only the events {@link RecordingReader}
 * reads, each with the coarsest setting that serves it ({@link ProfileSettings}). Execution samples only when JFR takes
 * the CPU samples. One place, so that this JVM's recording and another process's record alike.
 */
final class JfrEvents {

    /** The recording's name, in this JVM and in another (where {@code jcmd JFR.stop} finds it by it). */
    static final String RECORDING_NAME = "stackbench-profile";

    private JfrEvents() {}

    /** The settings of a recording for {@code settings}, event by event. */
    static Map<String, String> of(ProfileSettings settings) {
        var events = new LinkedHashMap<String, String>();
        if (!settings.mode().async()) {
            enable(events, RecordingReader.EXECUTION_SAMPLE, true);
            events.put(RecordingReader.EXECUTION_SAMPLE + "#period", duration(settings.cpuInterval()));
        }
        enable(events, RecordingReader.ALLOCATION_SAMPLE, true);
        events.put(RecordingReader.ALLOCATION_SAMPLE + "#throttle", settings.allocationSamplesPerSecond() + "/s");
        enable(events, RecordingReader.MONITOR_ENTER, true);
        events.put(RecordingReader.MONITOR_ENTER + "#threshold", duration(settings.lockThreshold()));
        enable(events, RecordingReader.THREAD_PARK, true);
        events.put(RecordingReader.THREAD_PARK + "#threshold", duration(settings.lockThreshold()));
        // At any duration, as JvmMetrics counts them: one blocking call pinned to its carrier is worth knowing about.
        enable(events, RecordingReader.VIRTUAL_THREAD_PINNED, true);
        events.put(RecordingReader.VIRTUAL_THREAD_PINNED + "#threshold", duration(Duration.ZERO));
        enable(events, RecordingReader.VIRTUAL_THREAD_SUBMIT_FAILED, true);
        enable(events, RecordingReader.GARBAGE_COLLECTION, false);
        return events;
    }

    /**
     * The same settings as a JFR configuration file ({@code .jfc}), which {@code jcmd PID JFR.start settings=FILE}
     * reads: every event not named stays off.
     */
    static String jfc(ProfileSettings settings) {
        var byEvent = new LinkedHashMap<String, Map<String, String>>();
        of(settings).forEach((key, value) -> {
            int hash = key.indexOf('#');
            byEvent.computeIfAbsent(key.substring(0, hash), unused -> new LinkedHashMap<>())
                    .put(key.substring(hash + 1), value);
        });
        var xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<configuration version=\"2.0\" label=\"" + RECORDING_NAME + "\">\n");
        byEvent.forEach((event, values) -> {
            xml.append("  <event name=\"").append(event).append("\">\n");
            values.forEach((name, value) -> xml.append("    <setting name=\"")
                    .append(name)
                    .append("\">")
                    .append(value)
                    .append("</setting>\n"));
            xml.append("  </event>\n");
        });
        return xml.append("</configuration>\n").toString();
    }

    private static void enable(Map<String, String> events, String event, boolean stackTrace) {
        events.put(event + "#enabled", "true");
        events.put(event + "#stackTrace", String.valueOf(stackTrace));
    }

    /** A duration as JFR writes one: {@code 10 ms}, {@code 0 ns}. */
    private static String duration(Duration duration) {
        long nanos = duration.toNanos();
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + " ms" : nanos + " ns";
    }
}
