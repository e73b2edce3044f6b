package dev.stackbench.testing;

/**
 * What test classes running at the same time share (the root pom runs three at a time, bench-core five), as the keys of their
 * {@code @ResourceLock}s: a class that uses one of these declares it, and no two such classes run together.
 */
public final class SharedResources {

    /** The build's one PostgreSQL database (STACKBENCH_POSTGRES_URL), whose tables every server start recreates. */
    public static final String POSTGRES = "dev.stackbench.postgres";

    /** The build's one Redis (STACKBENCH_REDIS_URL), whose movies every server start reloads. */
    public static final String REDIS = "dev.stackbench.redis";

    /**
     * The network namespaces src-test's TwoHosts and BridgedHosts make, named by this JVM's pid: two classes would make the same ones, and
     * a class that checks none is left over sees the other's.
     */
    public static final String NETWORK_NAMESPACES = "dev.stackbench.netns";

    /**
     * The JVM's ForkJoinPool.commonPool(), which commonpool-tomcat serves on: a class that holds a bound of that pool in
     * this JVM, or runs in this JVM code that uses it (the generator's, a scenario's), takes it, so that no compensating
     * thread another class's code makes moves that bound.
     */
    public static final String COMMON_POOL = "dev.stackbench.common-pool";

    /**
     * JMH's lock, /tmp/jmh.lock: JMH runs one instance per machine at a time and refuses a second ("Another JMH instance
     * might be running"), so classes that run JMH (the jar's suite, shards, rounds) take it.
     */
    public static final String JMH = "dev.stackbench.jmh";

    /**
     * The cores while a JVM starts: class loading and the JIT take both for seconds. The waits group's classes that start
     * JVMs (variants, agents, coordinators) take it shared; GatedScenariosTest, whose same-run ratios compare runs a few
     * seconds apart in this JVM, takes it alone (CI 2026-11-29: beside two classes' JVM starts, loom-netty's p50 read
     * 1.32 x webflux-netty's, measured seconds earlier, where quiet runs read about 1.0).
     */
    public static final String JVM_STARTS = "dev.stackbench.jvm-starts";

    private SharedResources() {}
}
