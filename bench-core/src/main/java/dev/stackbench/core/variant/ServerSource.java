package dev.stackbench.core.variant;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;
import java.util.Objects;

/** How a variant's server starts: the closed set of ways. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ServerSource.BuiltIn.class, name = "built-in"),
    @JsonSubTypes.Type(value = ServerSource.Application.class, name = "application")
})
public sealed interface ServerSource {

    /** In words, for summaries: {@code webflux-netty serving date}. */
    String describe();

    /** A built-in approach serving one of stackbench's workloads. */
    record BuiltIn(Approach approach, Workload workload) implements ServerSource {

        public BuiltIn {
            Objects.requireNonNull(approach, "approach");
            Objects.requireNonNull(workload, "workload");
        }

        @Override
        public String describe() {
            return approach.id() + " serving " + workload.id();
        }
    }

    /**
     * The user's Spring Boot application: how it starts (its jar or main class, web server, readiness, in this JVM or a
     * process of its own); its properties are the variant's, its output goes to the variant's application log.
     */
    record Application(AppSpec app) implements ServerSource {

        public Application {
            Objects.requireNonNull(app, "app");
        }

        @Override
        public String describe() {
            return "application " + app.source().describe()
                    + (app.webServer() == null ? "" : " on " + app.webServer().displayName())
                    + (app.separateProcess() ? ", in a process of its own" : "");
        }
    }
}
