package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.annotation.Testable;

/**
 * Every test class of this module says whether it measures speed or observes the whole JVM, and so runs alone, or checks
 * behaviour, and so shares the machine with another such class (junit-platform.properties): a class that said nothing
 * would run beside whatever else runs, and its measurements with it.
 */
@ChecksBehaviour
class TestsShareTheMachineTest {

    @Test
    void everyTestClassSaysWhetherItMeasuresSpeedOrChecksBehaviour() {
        var classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("dev.stackbench");
        List<String> testClasses = classes.stream()
                .filter(TestsShareTheMachineTest::hasTests)
                .map(JavaClass::getName)
                .toList();
        assertThat(testClasses).as("test classes found").hasSizeGreaterThan(30);

        List<String> undeclared = classes.stream()
                .filter(TestsShareTheMachineTest::hasTests)
                .filter(type -> Stream.of(MeasuresSpeed.class, ObservesTheWholeJvm.class, ChecksBehaviour.class)
                                .filter(type::isAnnotatedWith)
                                .count()
                        != 1)
                .map(JavaClass::getName)
                .toList();
        assertThat(undeclared)
                .as("test classes annotated with none or more than one of @MeasuresSpeed, @ObservesTheWholeJvm and"
                        + " @ChecksBehaviour")
                .isEmpty();
    }

    /** Whether a class has test methods of its own: JUnit's @Test, @ParameterizedTest and the like are @Testable. */
    private static boolean hasTests(JavaClass type) {
        return type.getMethods().stream().anyMatch(method -> method.isMetaAnnotatedWith(Testable.class));
    }
}
