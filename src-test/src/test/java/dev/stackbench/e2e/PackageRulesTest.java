package dev.stackbench.e2e;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.stackbench.core.server.Execution;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The import rules each package-info.java states, as tests on the compiled classes of every module (bench-core,
 * bench-servers, bench-jmh; tests left out): a forbidden import fails the build, naming the class and the import.
 * The table below says, for each package, which other stackbench packages it may import, in the words of its
 * package-info; a package without a row fails {@link #everyPackageHasARule}, so a new package states its rule here.
 * Imports of libraries are limited only where a package-info says which package alone may use one: Spring (nowhere in
 * bench-core), JGroups ({@code cluster.ClusterChannel}), Micrometer, OpenTelemetry and Prometheus ({@code output}), JFR
 * ({@code core.profile} and {@code core.jvm}), async-profiler and its converter ({@code core.profile}), and JUnit (never in
 * {@code core.api}).
 */
@ChecksBehaviour
class PackageRulesTest {

    private static final String CORE = "dev.stackbench.core.";
    private static final String SERVERS = "dev.stackbench.servers";

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // bench-core's test jar (its tests' annotations, on this class path once installed) is tests too.
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("dev.stackbench");

    /**
     * Package (without {@code dev.stackbench.}) to the stackbench packages it may import besides itself. Every package may
     * import {@code core.vocabulary} ("every other package may import it") and bench-core's {@code core.server}, which
     * imports nothing else; every package but the servers' may import {@code core.machine} (the fingerprint every result
     * carries), which imports nothing else. The packages of {@link #IMPORT_NOTHING_ELSE} are stricter.
     */
    private static final Map<String, List<String>> MAY_IMPORT = rules(
            "core.vocabulary", List.of(),
            "core.server", List.of(),
            "core.machine", List.of(),
            "core.result", List.of(),
            "core.result.read", List.of("core.result"),
            "core.stats", List.of("core.result", "core.result.read"),
            "core.steady", List.of("core.result", "core.stats"),
            "core.plan", List.of(),
            "core.jvm", List.of("core.result"),
            "core.profile", List.of("core.result"),
            "core.load", List.of("core.steady"),
            "core.load.engine", List.of("core.load", "core.result", "core.steady", "core.jvm"),
            "core.gate",
                    List.of("core.result", "core.result.read", "core.stats", "core.compare", "core.compare.analysis"),
            "core.report",
                    List.of(
                            "core.result",
                            "core.result.read",
                            "core.stats",
                            "core.profile",
                            "core.compare",
                            "core.compare.analysis",
                            "core.variant"),
            "core.app", List.of("core.result"),
            "core.scenario", List.of("core.load", "core.load.engine", "core.profile", "core.result", "core.app"),
            "core.variant", List.of("core.result", "core.scenario", "core.app"),
            "core.compare.analysis", List.of("core.result", "core.stats"),
            "core.compare.jvm",
                    List.of("core.variant", "core.app", "core.load", "core.load.engine", "core.profile", "core.result"),
            "core.compare",
                    List.of(
                            "core.compare.analysis",
                            "core.compare.jvm",
                            "core.variant",
                            "core.scenario",
                            "core.app",
                            "core.load",
                            "core.load.engine",
                            "core.profile",
                            "core.result",
                            "core.result.read",
                            "core.steady",
                            "core.stats",
                            "core.plan",
                            "core.jvm"),
            "core.compare.machines", List.of("core.compare", "core.compare.analysis", "core.result"),
            "core.api",
                    List.of(
                            "core.compare",
                            "core.compare.analysis",
                            "core.compare.jvm",
                            "core.variant",
                            "core.app",
                            "core.load",
                            "core.load.engine",
                            "core.result",
                            "core.gate",
                            "core.report"),
            "jmh", List.of("core.."),
            "jmh.jmh_generated", List.of("jmh", "core.."),
            "cluster", List.of("core.."),
            "cli", List.of("core..", "jmh", "cluster", "output"),
            "output", List.of("core.."),
            "servers",
                    List.of(
                            "servers.contacts",
                            "servers.date",
                            "servers.db",
                            "servers.dispatch",
                            "servers.logging",
                            "servers.movies",
                            "servers.upstream"),
            "servers.dispatch", List.of("servers.db"),
            "servers.date", List.of("servers.dispatch", "servers.upstream"),
            "servers.movies", List.of("servers.dispatch", "servers.date", "servers.upstream", "servers.db"),
            "servers.contacts", List.of("servers.dispatch", "servers.db"),
            "servers.db", List.of(),
            "servers.upstream", List.of(),
            "servers.logging", List.of());

    /**
     * The packages whose package-info says "imports nothing else of stackbench": not even the vocabulary, the SPI or the
     * machine, which every other package may import.
     */
    private static final Set<String> IMPORT_NOTHING_ELSE = Set.of(
            "core.vocabulary", "core.server", "core.machine", "servers.db", "servers.upstream", "servers.logging");

    /** What bench-servers may not see of bench-core, besides the SPI ({@code core.server}) and the vocabulary. */
    private static final String BENCH_JMH_PACKAGES = "dev.stackbench.(cli|jmh|cluster|output)..";

    static Stream<String> packages() {
        return MAY_IMPORT.keySet().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packages")
    void aPackageImportsOnlyWhatItsPackageInfoAllows(String pkg) {
        var allowed = new TreeSet<String>();
        allowed.add("dev.stackbench." + pkg);
        if (!IMPORT_NOTHING_ELSE.contains(pkg)) {
            allowed.add(CORE + "vocabulary");
            allowed.add(CORE + "server");
            if (!pkg.startsWith("servers")) {
                allowed.add(CORE + "machine");
            }
        }
        MAY_IMPORT.get(pkg).forEach(other -> allowed.add("dev.stackbench." + other));
        ArchRule rule = classes()
                .that()
                .resideInAPackage("dev.stackbench." + pkg)
                .should()
                .onlyDependOnClassesThat(resideOutsideOfPackage("dev.stackbench..")
                        .or(resideInAnyPackage(allowed.toArray(String[]::new))))
                .as("dev.stackbench." + pkg + " imports only " + allowed + " of stackbench (its package-info.java)");
        rule.check(CLASSES);
    }

    @Test
    void benchCoreKnowsNoSpringAndItsApplicationPackageReachesSpringBootByReflectionOnly() {
        noClasses()
                .that()
                .resideInAPackage("dev.stackbench.core..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.springframework..")
                .as(
                        "bench-core depends on no Spring: only dev.stackbench.core.app names Spring Boot, by reflection (strings), "
                                + "never as a dependency")
                .check(CLASSES);
    }

    @Test
    void nothingBelowTheCommandLineImportsIt() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.stackbench.core..", SERVERS + "..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(BENCH_JMH_PACKAGES)
                .as("bench-core and bench-servers import nothing of bench-jmh")
                .check(CLASSES);
        noClasses()
                .that()
                .resideInAPackage("dev.stackbench.jmh..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.stackbench.cli..")
                .as("the JMH suite imports nothing of the command line")
                .check(CLASSES);
    }

    /** JGroups stays behind one class: a run without agents loads none of it. */
    @Test
    void onlyTheClusterChannelKnowsJGroups() {
        noClasses()
                .that()
                .haveNameNotMatching("dev\\.stackbench\\.cluster\\.ClusterChannel(\\$.*)?")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.jgroups..")
                .as("only dev.stackbench.cluster.ClusterChannel imports JGroups (the cluster's package-info.java)")
                .check(CLASSES);
    }

    /** Micrometer, OpenTelemetry and Prometheus stay in the live outputs: a run without --output loads none of them. */
    @Test
    void onlyTheLiveOutputsKnowMicrometerOpenTelemetryAndPrometheus() {
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.stackbench.output")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.micrometer..", "io.opentelemetry..", "io.prometheus..")
                .as(
                        "only dev.stackbench.output imports Micrometer, OpenTelemetry and Prometheus (the output's package-info.java)")
                .check(CLASSES);
    }

    /**
     * The JDK's Flight Recorder: the profiles' recordings, and the virtual-thread events the JVM's numbers stream from it.
     * async-profiler and its converter: the profiles only.
     */
    @Test
    void onlyTheProfilesAndTheJvmsNumbersKnowJfrAndOnlyTheProfilesKnowAsyncProfiler() {
        noClasses()
                .that()
                .resideOutsideOfPackages(CORE + "profile", CORE + "jvm")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("jdk.jfr..")
                .as(
                        "only dev.stackbench.core.profile and dev.stackbench.core.jvm import jdk.jfr (the package-info.java of each)")
                .check(CLASSES);
        noClasses()
                .that()
                .resideOutsideOfPackage(CORE + "profile")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("one.profiler..", "one.convert..", "one.jfr..")
                .as(
                        "only dev.stackbench.core.profile imports async-profiler (one.profiler) and its converter (one.convert, "
                                + "one.jfr) (the profile's package-info.java)")
                .check(CLASSES);
    }

    /** The API is what the user's tests call: nothing of stackbench calls it, and it asserts without JUnit. */
    @Test
    void nothingImportsTheApiAndTheApiKnowsNoJUnit() {
        noClasses()
                .that()
                .resideOutsideOfPackage(CORE + "api")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(CORE + "api")
                .as("nothing of stackbench imports dev.stackbench.core.api (its package-info.java)")
                .check(CLASSES);
        noClasses()
                .that()
                .resideInAPackage(CORE + "api")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.junit..", "org.opentest4j..")
                .as("dev.stackbench.core.api has no dependency on JUnit: a failed assertion is an AssertionError "
                        + "(its package-info.java)")
                .check(CLASSES);
    }

    /** Of the SPI, the report knows the limits that results record, and how the server runs its handlers. */
    @Test
    void theReportKnowsOnlyTheServersLimitsOfTheSpi() {
        noClasses()
                .that()
                .resideInAPackage(CORE + "report")
                .should()
                .dependOnClassesThat(
                        resideInAPackage(CORE + "server").and(not(belongToAnyOf(ServerLimits.class, Execution.class))))
                .as("dev.stackbench.core.report imports only ServerLimits and Execution of dev.stackbench.core.server "
                        + "(its package-info.java)")
                .check(CLASSES);
    }

    /**
     * The application package: imported by the command line, by what starts servers (scenarios, variants, comparisons) and
     * by the library's API, which starts the user's application.
     */
    @Test
    void onlyTheCommandLineAndScenariosImportTheApplicationPackage() {
        noClasses()
                .that(resideInAnyPackage("dev.stackbench.core..")
                        .and(not(resideInAnyPackage(
                                CORE + "app",
                                CORE + "scenario",
                                CORE + "variant",
                                CORE + "compare",
                                CORE + "compare.jvm",
                                CORE + "api"))))
                .should()
                .dependOnClassesThat()
                .resideInAPackage(CORE + "app")
                .as(
                        "only the command line, scenarios (with the variants and comparisons that run them) and the API import core.app")
                .check(CLASSES);
    }

    /** The engine's package-info lists its public types; everything else in it is package-private. */
    @Test
    void theEnginesPublicTypesAreTheOnesItsPackageInfoLists() {
        Set<String> publicTypes = CLASSES.stream()
                .filter(type -> type.getPackageName().equals(CORE + "load.engine") && type.isTopLevelClass())
                .filter(type -> type.getModifiers().contains(JavaModifier.PUBLIC))
                .map(JavaClass::getSimpleName)
                .collect(Collectors.toCollection(TreeSet::new));

        assertThat(publicTypes)
                .containsExactlyInAnyOrder(
                        "LoadGenerator",
                        "LoadSession",
                        "StopRequest",
                        "ProgressListener",
                        "ForwardingProgressListener",
                        "LiveInterval",
                        "AgentPart",
                        "SegmentRun");
    }

    @Test
    void everyPackageHasARule() {
        Set<String> packages = CLASSES.stream()
                .map(JavaClass::getPackageName)
                .filter(name -> name.startsWith("dev.stackbench.") && !name.startsWith("dev.stackbench.testapp"))
                .map(name -> name.substring("dev.stackbench.".length()))
                .collect(Collectors.toCollection(TreeSet::new));

        assertThat(packages)
                .as("packages with classes; each needs a row in MAY_IMPORT")
                .isNotEmpty();
        assertThat(MAY_IMPORT.keySet()).containsAll(packages);
    }

    private static Map<String, List<String>> rules(Object... pairs) {
        var rules = new LinkedHashMap<String, List<String>>();
        for (int i = 0; i < pairs.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> allowed = (List<String>) pairs[i + 1];
            rules.put((String) pairs[i], allowed);
        }
        return rules;
    }
}
