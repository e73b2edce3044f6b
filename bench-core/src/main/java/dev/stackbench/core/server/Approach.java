package dev.stackbench.core.server;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How a request is executed: a web stack and the place its blocking work runs.
 * The closed set of approaches stackbench compares; {@link #id()} is the name used on the
 * command line, in results and in docs.
 */
public enum Approach {
    PLATFORM_TOMCAT(
            "platform-tomcat",
            WebStack.MVC_TOMCAT,
            Execution.REQUEST_THREAD,
            List.of("000", "001", "002", "003", "004")),
    LOOM_TOMCAT("loom-tomcat", WebStack.MVC_TOMCAT, Execution.VIRTUAL_THREAD, List.of("003", "004")),
    ASYNC_TOMCAT("async-tomcat", WebStack.MVC_TOMCAT, Execution.TASK_POOL, List.of("000", "001")),
    COMMONPOOL_TOMCAT("commonpool-tomcat", WebStack.MVC_TOMCAT, Execution.COMMON_POOL, List.of("000")),
    ELASTIC_TOMCAT("elastic-tomcat", WebStack.MVC_TOMCAT, Execution.BOUNDED_ELASTIC, List.of("000")),
    LOOM_NETTY("loom-netty", WebStack.WEBFLUX_NETTY, Execution.VIRTUAL_THREAD, List.of("003", "004")),
    WEBFLUX_NETTY("webflux-netty", WebStack.WEBFLUX_NETTY, Execution.EVENT_LOOP, List.of("001", "002", "003", "004")),
    ELASTIC_NETTY("elastic-netty", WebStack.WEBFLUX_NETTY, Execution.BOUNDED_ELASTIC, List.of());

    private final String id;
    private final WebStack stack;
    private final Execution execution;
    private final List<String> seeds;

    Approach(String id, WebStack stack, Execution execution, List<String> seeds) {
        this.id = id;
        this.stack = stack;
        this.execution = execution;
        this.seeds = seeds;
    }

    @JsonValue
    public String id() {
        return id;
    }

    public WebStack stack() {
        return stack;
    }

    public Execution execution() {
        return execution;
    }

    /** Numbers of the reference experiments (shared/seeds) this approach comes from; empty if none. */
    public List<String> seeds() {
        return seeds;
    }

    public String description() {
        return stack.description() + ", blocking work " + execution.description();
    }

    /** @throws IllegalArgumentException naming the bad value and the valid ones */
    @JsonCreator
    public static Approach fromId(String id) {
        for (Approach approach : values()) {
            if (approach.id.equals(id)) {
                return approach;
            }
        }
        throw new IllegalArgumentException("unknown approach '" + id + "'; expected one of: " + ids());
    }

    public static String ids() {
        return Arrays.stream(values()).map(Approach::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
