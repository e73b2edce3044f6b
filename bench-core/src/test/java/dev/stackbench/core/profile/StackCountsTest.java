package dev.stackbench.core.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.testing.ChecksBehaviour;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Collapsed stacks: written and read back the same, self and inclusive weights, a bad line named. */
@ChecksBehaviour
class StackCountsTest {

    @Test
    void collapsedTextReadsBackAsWritten() throws Exception {
        var stacks = new StackCounts();
        stacks.add(List.of("java.lang.Thread.run", "a.B.c", "new byte[]"), 5);
        stacks.add(List.of("java.lang.Thread.run", "a.B.c"), 3);
        stacks.add(List.of("java.lang.Thread.run", "a.B.c", "new byte[]"), 2);

        var read = StackCounts.parse(new StringReader(stacks.collapsed()));

        assertThat(stacks.collapsed())
                .isEqualTo("java.lang.Thread.run;a.B.c;new byte[] 7\njava.lang.Thread.run;a.B.c 3\n");
        assertThat(read.asMap()).isEqualTo(stacks.asMap());
        assertThat(read.total()).isEqualTo(10);
    }

    @Test
    void recursionCountsOnceInTheInclusiveWeightAndSelfIsTheTopFrame() {
        var stacks = new StackCounts();
        stacks.add(List.of("root", "f", "g", "f"), 4);
        stacks.add(List.of("root", "g"), 1);

        assertThat(stacks.totalByFrame())
                .containsEntry("f", 4L)
                .containsEntry("g", 5L)
                .containsEntry("root", 5L);
        assertThat(stacks.selfByFrame())
                .containsEntry("f", 4L)
                .containsEntry("g", 1L)
                .doesNotContainKey("root");
    }

    @Test
    void aLineWithoutAWeightIsNamed() {
        assertThatThrownBy(() -> StackCounts.parse(new StringReader("a;b 3\n\na;c three\n")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("line 3 is not 'frame;frame;... weight': 'a;c three'");
    }

    @Test
    void arrayTypesAreNamedAsJavaWritesThem() {
        assertThat(FrameNames.sourceName("[B")).isEqualTo("byte[]");
        assertThat(FrameNames.sourceName("[[J")).isEqualTo("long[][]");
        assertThat(FrameNames.sourceName("[Ljava.lang.String;")).isEqualTo("java.lang.String[]");
        assertThat(FrameNames.sourceName("java.lang.String")).isEqualTo("java.lang.String");
        assertThat(FrameCategory.of(FrameNames.allocated("[Ljava.lang.Object;"), List.of()))
                .isEqualTo(FrameCategory.ALLOCATED_TYPE);
    }

    @Test
    void framesAreToldApartByWhoseCodeTheyAre() {
        var own = List.of("dev.stackbench.servers.");
        assertThat(FrameCategory.of("dev.stackbench.servers.date.CpuBurn.burn", own))
                .isEqualTo(FrameCategory.OWN);
        assertThat(FrameCategory.of("org.springframework.web.servlet.DispatcherServlet.doDispatch", own))
                .isEqualTo(FrameCategory.FRAMEWORK);
        assertThat(FrameCategory.of("java.lang.Thread.run", own)).isEqualTo(FrameCategory.JDK);
        assertThat(FrameCategory.of("jdk.internal.misc.Unsafe.park", own)).isEqualTo(FrameCategory.JDK);
        assertThat(FrameCategory.of("__futex_abstimed_wait_common", own)).isEqualTo(FrameCategory.NATIVE);
        assertThat(FrameCategory.of("ConnectionGraph::do_analysis", own)).isEqualTo(FrameCategory.NATIVE);
        assertThat(FrameCategory.of("do_syscall_64_[k]", own)).isEqualTo(FrameCategory.NATIVE);
        assertThat(FrameCategory.of("dev.stackbench.servers.date.CpuBurn.burn", List.of()))
                .as("no own packages known")
                .isEqualTo(FrameCategory.FRAMEWORK);
    }
}
