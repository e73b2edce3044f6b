package dev.stackbench.servers.date;

import dev.stackbench.servers.dispatch.UpstreamException;
import dev.stackbench.servers.upstream.Upstream;
import java.util.Date;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/** The date workload in blocking style: a blocking HTTP call per level, then a blocking sleep. Other workloads start with it, as in 004_9fdac83a6b4a27d3.txt. */
public final class BlockingDate {

    private final RestClient client;
    private final Upstream upstream;
    private final PinnedWait pinnedWait;

    public BlockingDate(RestClient client, Upstream upstream) {
        this(client, upstream, 0);
    }

    /** @param pinnedWaitMillis part of the wait at the bottom of the chain spent pinned to a carrier ({@link PinnedWait}) */
    public BlockingDate(RestClient client, Upstream upstream, int pinnedWaitMillis) {
        this.client = client;
        this.upstream = upstream;
        this.pinnedWait = new PinnedWait(pinnedWaitMillis);
    }

    public String date(DateQuery query) throws InterruptedException {
        if (query.callDepth() > 0) {
            var uri = upstream.resolve(query.nestedPathAndQuery());
            try {
                return client.get().uri(uri).retrieve().body(String.class);
            } catch (RestClientException e) {
                throw UpstreamException.of(uri, e);
            }
        }
        CpuBurn.burn(query.burnMicros());
        pinnedWait.block();
        Thread.sleep(query.delayMillis());
        return new Date().toString();
    }
}
