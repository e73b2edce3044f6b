package dev.stackbench.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.app.AppSource;
import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.compare.Comparison;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The builder turns a test's description into the comparison compare would run, and refuses what compare refuses, before any JVM starts. */
@ChecksBehaviour
class ComparisonBuilderTest {

    /** Stands in for a user's application class: only its name travels to the variants' JVMs. */
    static final class MyApplication {}

    @Test
    void variantsOfTheApplicationWithTheirOwnPropertiesOverTheSharedOnes() {
        Comparison comparison = Stackbench.compare()
                .app(MyApplication.class)
                .property("server.tomcat.threads.max", "50")
                .variant("platform", Map.of("spring.threads.virtual.enabled", "false"))
                .variant(
                        "virtual",
                        Map.of("spring.threads.virtual.enabled", "true", "server.tomcat.threads.max", "8"),
                        List.of("-XX:+UseZGC"))
                .request("hello=1:GET:/hello")
                .concurrency(16)
                .warmup(Duration.ofSeconds(2))
                .window(Duration.ofMillis(1500))
                .rounds(3, 4)
                .rehearsals(0)
                .seed(7)
                .build();

        assertThat(comparison.variants()).extracting(Variant::label).containsExactly("platform", "virtual");
        Variant virtual = comparison.variants().get(1);
        assertThat(virtual.source())
                .isEqualTo(new ServerSource.Application(
                        AppSpec.of(new AppSource.MainClass(MyApplication.class.getName()))));
        assertThat(virtual.properties())
                .containsEntry("server.tomcat.threads.max", "8")
                .containsEntry("spring.threads.virtual.enabled", "true");
        assertThat(comparison.variants().getFirst().properties()).containsEntry("server.tomcat.threads.max", "50");
        assertThat(virtual.jvmOptions()).containsExactly("-XX:+UseZGC");
        assertThat(comparison.load().options())
                .containsEntry("concurrency", 16)
                .containsEntry("warmup", "2s")
                .containsEntry("duration", "1500ms");
        assertThat(comparison.load().requestSpecs()).containsExactly("hello=1:GET:/hello");
        assertThat(comparison.design().deciding()).containsExactly(Metric.RPS);
        assertThat(comparison.design().minRounds()).isEqualTo(3);
        assertThat(comparison.design().seed()).isEqualTo(7);
    }

    @Test
    void theOpenModelDecidesOnLatencyAndAWindowDefaultsToCompares() {
        Comparison comparison = Stackbench.compare()
                .appJar(java.nio.file.Path.of("target/app.jar"))
                .variant("a", Map.of())
                .variant("b", Map.of("x", "1"))
                .rate(200)
                .build();

        assertThat(comparison.design().deciding()).containsExactly(Metric.P50, Metric.P99);
        assertThat(comparison.load().options()).containsEntry("duration", "5s");
        assertThat(comparison.design().schedule()).as("in turns unless told").isEqualTo(Schedule.TURNS);
        assertThat(Stackbench.compare()
                        .appJar(java.nio.file.Path.of("target/app.jar"))
                        .variant("a", Map.of())
                        .variant("b", Map.of("x", "1"))
                        .together()
                        .build()
                        .design()
                        .schedule())
                .isEqualTo(Schedule.TOGETHER);
    }

    @Test
    void whatCompareRefusesIsRefusedNamingIt() {
        assertThatThrownBy(() -> Stackbench.compare()
                        .variant("a", Map.of())
                        .variant("b", Map.of())
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("app: give the application the variants run");
        assertThatThrownBy(() -> Stackbench.compare()
                        .app(MyApplication.class)
                        .variant("a", Map.of())
                        .build())
                .hasMessage("a comparison needs at least two variants (or one with --aa), got 1");
        assertThatThrownBy(() -> Stackbench.compare()
                        .app(MyApplication.class)
                        .variant("a b", Map.of())
                        .variant("c", Map.of())
                        .build())
                .hasMessageStartingWith("variant label 'a b' must be letters");
        assertThatThrownBy(() -> Stackbench.compare()
                        .app(MyApplication.class)
                        .variant("a", Map.of())
                        .variant("b", Map.of())
                        .request("GET /hello")
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("GET /hello");
    }

    @Test
    void anApplicationClassOutsideTheClassPathTheVariantsGetIsRefusedBeforeAnyJvmStarts() {
        var missing = new Variant(
                "a",
                new ServerSource.Application(AppSpec.of(new AppSource.MainClass("com.example.NotHere"))),
                Map.of(),
                List.of());

        assertThatThrownBy(() -> Stackbench.compare()
                        .variant(missing)
                        .variant(missing.withLabel("b"))
                        .concurrency(1)
                        .progress(null)
                        .run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "variant a: application class com.example.NotHere is not on this JVM's class path (java.class.path), "
                                + "which each variant's JVM starts with");
    }
}
