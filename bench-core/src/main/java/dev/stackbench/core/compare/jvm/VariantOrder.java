package dev.stackbench.core.compare.jvm;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.stackbench.core.variant.Variant;
import java.time.Duration;
import java.util.List;

/**
 * What the comparison's coordinator tells a variant's JVM, one JSON line each on its standard input. The first is
 * always {@link Setup}; the JVM answers each with a {@link VariantReply}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "order")
@JsonSubTypes({
    @JsonSubTypes.Type(value = VariantOrder.Setup.class, name = "setup"),
    @JsonSubTypes.Type(value = VariantOrder.Warm.class, name = "warm"),
    @JsonSubTypes.Type(value = VariantOrder.Trial.class, name = "trial"),
    @JsonSubTypes.Type(value = VariantOrder.Finish.class, name = "finish"),
    @JsonSubTypes.Type(value = VariantOrder.Stop.class, name = "stop"),
    @JsonSubTypes.Type(value = VariantOrder.Cancel.class, name = "cancel")
})
public sealed interface VariantOrder {

    /**
     * Start the variant's server; answered by {@link VariantReply.Started} or {@link VariantReply.Failed}.
     *
     * @param http2         the server serves HTTP/2 beside HTTP/1.1
     * @param tls           it listens with TLS
     * @param appLog        where an application's output goes
     * @param appJvmOptions the options of an application's own JVM, when it runs in a process of its own
     * @param profile       how to profile the server over its trials' windows; null for no profile
     */
    record Setup(
            Variant variant,
            LoadSetup load,
            boolean http2,
            boolean tls,
            String appLog,
            List<String> appJvmOptions,
            ComparisonProfile profile)
            implements VariantOrder {}

    /**
     * Warm up as the load options say (until steady by default), then measure one window; answered by
     * {@link VariantReply.Measured}.
     *
     * @param directory where to write the run's files; null for none
     */
    record Warm(String directory) implements VariantOrder {}

    /**
     * One trial: a short fixed re-warm, discarded, then the measured window; answered by {@link VariantReply.Measured}.
     *
     * @param round     its round; 0 for a rehearsal
     * @param warmup    the re-warm
     * @param window    the measured window; null for the load options' duration
     * @param directory where to write the trial's files; null for none
     */
    record Trial(int round, Duration warmup, Duration window, String directory) implements VariantOrder {}

    /**
     * Stop profiling: write the profile of the trials' windows into {@code directory} (null: no files) and answer with its
     * facts ({@link VariantReply.Profiled}).
     */
    record Finish(String directory) implements VariantOrder {}

    /** Stop the server and exit. */
    record Stop() implements VariantOrder {}

    /**
     * End the run under way now, a warm-up's or a trial's (its window cut short, answered as usual, marked interrupted);
     * taken at once, even in the middle of a run; it also ends, as they begin, the runs of orders sent before it and not
     * yet begun (it can overtake them), and none sent after it. The comparison was interrupted: a warm-up of a minute must
     * not hold Ctrl-C for a minute.
     */
    record Cancel() implements VariantOrder {}
}
