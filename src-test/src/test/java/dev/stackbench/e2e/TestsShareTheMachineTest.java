package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.stackbench.testing.BoundByWaits;
import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.MeasuresSpeed;
import dev.stackbench.testing.ObservesTheWholeJvm;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.annotation.Testable;

/**
 * Every test class of this module and of bench-core says whether it measures speed or observes the whole JVM, and so runs
 * alone, is bound by waits, and so runs beside other such classes only, or checks behaviour, and so shares the machine
 * with other such classes (the root pom's three test runs, TestGroups): a class that said nothing would run beside the
 * behaviour classes, and its measurements with them.
 */
@ChecksBehaviour
class TestsShareTheMachineTest {

    @Test
    void everyTestClassSaysWhetherItMeasuresSpeedOrChecksBehaviour() {
        // This module's test classes and bench-core's (its test jar is on this class path): main code has no @Test.
        var classes = new ClassFileImporter().importPackages("dev.stackbench");
        List<JavaClass> testClasses =
                classes.stream().filter(TestsShareTheMachineTest::hasTests).toList();
        assertThat(testClasses)
                .extracting(JavaClass::getName)
                .as("test classes found")
                .contains(TestsShareTheMachineTest.class.getName(), "dev.stackbench.core.load.engine.AccountingTest");

        List<String> undeclared = testClasses.stream()
                .filter(type -> Stream.of(
                                        MeasuresSpeed.class,
                                        BoundByWaits.class,
                                        ObservesTheWholeJvm.class,
                                        ChecksBehaviour.class)
                                .filter(type::isAnnotatedWith)
                                .count()
                        != 1)
                .map(JavaClass::getName)
                .toList();
        assertThat(undeclared)
                .as("test classes annotated with none or more than one of @MeasuresSpeed, @BoundByWaits,"
                        + " @ObservesTheWholeJvm and @ChecksBehaviour")
                .isEmpty();
    }

    /** Whether a class has test methods of its own: JUnit's @Test, @ParameterizedTest and the like are @Testable. */
    private static boolean hasTests(JavaClass type) {
        return type.getMethods().stream().anyMatch(method -> method.isMetaAnnotatedWith(Testable.class));
    }
}
