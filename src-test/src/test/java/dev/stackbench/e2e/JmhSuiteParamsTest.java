package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.jmh.ServerLoadBenchmark;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/**
 * JMH reads a String @Param's values only from the annotation, so ServerLoadBenchmark spells out the
 * ids of the enums: this fails when an approach or a workload is added, renamed or removed and the
 * suite would not run it, before the long JmhSuiteTest would.
 */
@ChecksBehaviour
class JmhSuiteParamsTest {

    @Test
    void theSuiteRunsEveryApproachAndWorkloadByItsIdAndAModelByDefault() throws NoSuchFieldException {
        assertThat(values("approach"))
                .containsExactly(
                        Arrays.stream(Approach.values()).map(Approach::id).toArray(String[]::new));
        assertThat(values("workload"))
                .containsExactly(
                        Arrays.stream(Workload.values()).map(Workload::id).toArray(String[]::new));
        assertThat(values("model"))
                .allSatisfy(model -> assertThat(LoadModel.fromId(model)).isNotNull());
    }

    private static String[] values(String field) throws NoSuchFieldException {
        return ServerLoadBenchmark.class
                .getField(field)
                .getAnnotation(Param.class)
                .value();
    }
}
