package dev.stackbench.core.compare.jvm;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ServerProfile;
import java.util.List;

/** What a variant's JVM answers the coordinator, one JSON line each on the standard output it keeps for this. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "reply")
@JsonSubTypes({
    @JsonSubTypes.Type(value = VariantReply.Started.class, name = "started"),
    @JsonSubTypes.Type(value = VariantReply.Failed.class, name = "failed"),
    @JsonSubTypes.Type(value = VariantReply.Measured.class, name = "measured"),
    @JsonSubTypes.Type(value = VariantReply.Profiled.class, name = "profiled")
})
public sealed interface VariantReply {

    /** The server listens at {@code baseUri}; {@code pid} is the JVM's. */
    record Started(String baseUri, long pid, RunResult.Startup startup, RunResult.Target target)
            implements VariantReply {}

    /**
     * An order could not be carried out; the JVM exits after saying so.
     *
     * @param message    one line naming the reason
     * @param badInput   true when the variant itself is wrong (a setting its server refused, an application that does
     *                   not start): the comparison ends as on bad input
     * @param stopped    true when its server stopped serving by itself (an application that exited)
     * @param details    the first lines of the application's own error output, which its log holds (not this JVM's);
     *                   empty when the JVM's own log says why
     */
    record Failed(String message, boolean badInput, boolean stopped, List<String> details) implements VariantReply {}

    /** A run's result; its files are in the directory the order named, if any. */
    record Measured(RunResult result) implements VariantReply {}

    /** The server's profile over the trials' windows; null when the variant was not profiled. */
    record Profiled(ServerProfile profile) implements VariantReply {}
}
