package dev.stackbench.servers.date;

import dev.stackbench.servers.dispatch.UpstreamException;
import dev.stackbench.servers.upstream.Upstream;
import java.time.Duration;
import java.util.Date;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** The date workload in non-blocking style: WebClient per level, then a timer (Reactor's parallel scheduler unless given one). */
public final class ReactiveDate {

    private final WebClient client;
    private final Upstream upstream;
    private final Scheduler timer;

    public ReactiveDate(WebClient client, Upstream upstream) {
        this(client, upstream, Schedulers.parallel());
    }

    /** @param timer where the wait at the bottom of the chain ends */
    public ReactiveDate(WebClient client, Upstream upstream, Scheduler timer) {
        this.client = client;
        this.upstream = upstream;
        this.timer = timer;
    }

    public Mono<String> date(DateQuery query) {
        if (query.callDepth() > 0) {
            var uri = upstream.resolve(query.nestedPathAndQuery());
            return client.get()
                    .uri(uri)
                    .retrieve()
                    .bodyToMono(String.class)
                    .onErrorMap(e -> UpstreamException.of(uri, e));
        }
        Mono<String> now = Mono.fromSupplier(() -> {
            CpuBurn.burn(query.burnMicros());
            return new Date().toString();
        });
        return query.delayMillis() == 0
                ? now
                : Mono.delay(Duration.ofMillis(query.delayMillis()), timer).then(now);
    }
}
