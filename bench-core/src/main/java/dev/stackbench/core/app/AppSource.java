package dev.stackbench.core.app;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.nio.file.Path;
import java.util.Objects;

/** Where the application comes from: a Spring Boot executable jar, or its main class on this JVM's class path. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "form")
@JsonSubTypes({
    @JsonSubTypes.Type(value = AppSource.ExecutableJar.class, name = "jar"),
    @JsonSubTypes.Type(value = AppSource.MainClass.class, name = "class")
})
public sealed interface AppSource {

    /** In words, for messages and results: the jar's path, or {@code class NAME}. */
    String describe();

    /** A Spring Boot executable jar (built by spring-boot-maven-plugin or Gradle's bootJar: Start-Class and BOOT-INF/ inside). */
    record ExecutableJar(Path jar) implements AppSource {
        public ExecutableJar {
            Objects.requireNonNull(jar, "jar");
        }

        @Override
        public String describe() {
            return jar.toString();
        }
    }

    /**
     * The application's {@code @SpringBootApplication} class (or any class whose main method runs it), on this JVM's
     * class path: the library form, as a user's own test names it. Its dependencies are the class path's, shared with
     * stackbench's own.
     */
    record MainClass(String className) implements AppSource {
        public MainClass {
            Objects.requireNonNull(className, "className");
            if (className.isBlank()) {
                throw new IllegalArgumentException("className must name a class, got an empty one");
            }
        }

        @Override
        public String describe() {
            return "class " + className;
        }
    }
}
