package dev.stackbench.jmh;

/**
 * Flags for the JVMs stackbench starts itself: JMH's forks ({@link ServerLoadBenchmark}'s
 * {@code @Fork}), the JMH command line's relaunch, and test JVMs started as child processes.
 *
 * <p>The build keeps its own copy, because Maven cannot hand a Java annotation a compile-time
 * constant: the parent pom's {@code stackbench.native.access} property feeds surefire's
 * {@code argLine} and the jar manifest's {@code Enable-Native-Access} (what {@code java -jar} reads).
 */
public final class JvmFlags {

    /**
     * Netty's native transport calls restricted methods, which JDK 22+ warns about unless native
     * access is enabled for the class path.
     */
    public static final String ENABLE_NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    private JvmFlags() {}
}
