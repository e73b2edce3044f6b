package dev.stackbench.core.api;

/**
 * stackbench from code: compare variants of your own Spring Boot application (thread models, pool sizes, web servers,
 * JVM options, builds) in a JUnit test, with the interleaved, paired verdicts of {@code compare}. Each variant runs in
 * a JVM of its own started with this JVM's class path, where its main class is found; nothing is started in the
 * caller's JVM. See docs/app.md, "In your own build".
 *
 * <pre>{@code
 * @Test
 * void virtualThreadsServeABlockingEndpointBeyondEightPlatformThreads() {
 *     Compared result = Stackbench.compare()
 *             .app(DemoApplication.class)                               // its @SpringBootApplication class, on this class path
 *             .variant("platform", Map.of("spring.threads.virtual.enabled", "false", "server.tomcat.threads.max", "8"))
 *             .variant("virtual", Map.of("spring.threads.virtual.enabled", "true"))
 *             .request("quote=1:GET:/quote?millis=20")                  // as compare --request takes it
 *             .concurrency(32)
 *             .warmup(Duration.ofSeconds(2)).window(Duration.ofSeconds(1))
 *             .rounds(3, 5).rehearsals(0)
 *             .out(Path.of("target/stackbench/threads"))
 *             .run();
 *     // 32 users, 20 ms each: 8 threads serve at most 400 requests/s, virtual threads up to 1,600
 *     result.verdict(Metric.RPS).pair("virtual", "platform").assertBetterBy(2);
 *     result.verdict(Metric.P99).pair("virtual", "platform").assertNotWorseBy(5);   // percent, on the pair's interval
 * }
 * }</pre>
 */
public final class Stackbench {

    private Stackbench() {}

    /** A comparison to describe, then {@link ComparisonBuilder#run()}. */
    public static ComparisonBuilder compare() {
        return new ComparisonBuilder();
    }
}
