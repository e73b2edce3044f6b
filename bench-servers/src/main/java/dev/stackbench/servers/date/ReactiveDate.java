package dev.stackbench.servers.date;

import java.time.Duration;
import java.util.Date;

import dev.stackbench.servers.dispatch.UpstreamException;
import dev.stackbench.servers.upstream.Upstream;

import org.springframework.web.reactive.function.client.WebClient;

import reactor.core.publisher.Mono;

/** The date workload in non-blocking style: WebClient per level, then a timer. */
public final class ReactiveDate {

    private final WebClient client;
    private final Upstream upstream;

    public ReactiveDate(WebClient client, Upstream upstream) {
        this.client = client;
        this.upstream = upstream;
    }

    public Mono<String> date(DateQuery query) {
        if (query.callDepth() > 0) {
            var uri = upstream.resolve(query.nestedPathAndQuery());
            return client.get().uri(uri).retrieve().bodyToMono(String.class)
                    .onErrorMap(e -> UpstreamException.of(uri, e));
        }
        Mono<String> now = Mono.fromSupplier(() -> new Date().toString());
        return query.delayMillis() == 0 ? now : Mono.delay(Duration.ofMillis(query.delayMillis())).then(now);
    }
}
