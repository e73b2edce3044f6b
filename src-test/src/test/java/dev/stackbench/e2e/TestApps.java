package dev.stackbench.e2e;

import java.nio.file.Path;

/**
 * The applications the tests start: ours in its two Spring Boot versions (src-test/apps, built before this module's tests,
 * as {@link Cli#JAR} is), and one nobody here wrote (Zipkin's server, copied from Maven Central by this module's pom).
 */
final class TestApps {

    /** The test application on Spring Boot 3.5 (Tomcat). */
    static final Path BOOT3 =
            Path.of(System.getProperty("stackbench.testapp.boot3", "apps/boot3/target/testapp-boot3.jar"));

    /** The same built again with {@code /hello} 1500 µs of CPU costlier (src-test/apps/boot3-costlier): a known regression. */
    static final Path BOOT3_COSTLIER = Path.of(System.getProperty(
            "stackbench.testapp.boot3-costlier", "apps/boot3-costlier/target/testapp-boot3-costlier.jar"));

    /** The test application on Spring Boot 4 (Tomcat, and Jetty too: {@code --web-server} chooses). */
    static final Path BOOT4 =
            Path.of(System.getProperty("stackbench.testapp.boot4", "apps/boot4/target/testapp-boot4.jar"));

    /** Zipkin's executable server jar: Spring Boot 3.4 with its own Armeria server. */
    static final Path ZIPKIN =
            Path.of(System.getProperty("stackbench.testapp.zipkin", "target/apps/zipkin-server-exec.jar"));

    private TestApps() {}
}
