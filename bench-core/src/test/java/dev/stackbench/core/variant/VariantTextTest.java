package dev.stackbench.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --variant} as people write it: an approach alone, or a label with settings. */
@ChecksBehaviour
class VariantTextTest {

    @Test
    void anApproachAloneIsAVariantLabelledWithIt() {
        assertThat(VariantText.parse("loom-netty", null, Workload.MOVIES))
                .isEqualTo(new Variant(
                        "loom-netty",
                        new ServerSource.BuiltIn(Approach.LOOM_NETTY, Workload.MOVIES),
                        Map.of(),
                        List.of()));
    }

    @Test
    void aLabelTakesAnApproachPropertiesAndJvmOptions() {
        Variant variant = VariantText.parse(
                "burn:platform-tomcat,stackbench.date.burn-micros=3,jvm=-XX:+UseZGC,jvm=-Xss512k", null, Workload.DATE);

        assertThat(variant.label()).isEqualTo("burn");
        assertThat(variant.source()).isEqualTo(new ServerSource.BuiltIn(Approach.PLATFORM_TOMCAT, Workload.DATE));
        assertThat(variant.properties()).containsExactly(Map.entry("stackbench.date.burn-micros", "3"));
        assertThat(variant.jvmOptions()).containsExactly("-XX:+UseZGC", "-Xss512k");
        assertThat(VariantText.parse("x:approach=webflux-netty", null, Workload.DATE)
                        .source())
                .isEqualTo(new ServerSource.BuiltIn(Approach.WEBFLUX_NETTY, Workload.DATE));
    }

    @Test
    void aVariantWithoutAnApproachStartsAsTheComparisonSays() {
        var source = new ServerSource.BuiltIn(Approach.LOOM_TOMCAT, Workload.CRUD);

        assertThat(VariantText.parse("small:server.tomcat.threads.max=10", source, Workload.DATE)
                        .source())
                .isEqualTo(source);
    }

    @Test
    void badVariantsAreRefusedNamingThem() {
        assertThatThrownBy(() -> VariantText.parse("loom-jetty", null, Workload.DATE))
                .hasMessageStartingWith("variant 'loom-jetty': unknown approach 'loom-jetty'");
        assertThatThrownBy(() -> VariantText.parse("small:server.tomcat.threads.max=10", null, Workload.DATE))
                .hasMessageStartingWith("variant 'small:server.tomcat.threads.max=10' names no approach");
        assertThatThrownBy(() -> VariantText.parse("a=b", null, Workload.DATE))
                .hasMessageContaining("a label comes first");
        assertThatThrownBy(() -> VariantText.parse("x:loom-netty,jvm=UseZGC", null, Workload.DATE))
                .hasMessageContaining("jvm=UseZGC is not a JVM option");
        assertThatThrownBy(() -> VariantText.parse("a/b:loom-netty", null, Workload.DATE))
                .hasMessageContaining("must be letters, digits");
        assertThatThrownBy(() -> VariantText.parseAll(List.of("loom-netty", "loom-netty"), null, Workload.DATE))
                .hasMessageContaining("share the label 'loom-netty'");
    }
}
