package dev.stackbench.servers.upstream;

import java.net.URI;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * Where nested calls go: {@code stackbench.upstream.uri} when set, otherwise this server itself
 * (the call-depth chain of 004_9fdac83a6b4a27d3.txt), known once the server has bound its port.
 */
public final class Upstream implements ApplicationListener<WebServerInitializedEvent> {

    private final String configuredUri;
    private final String serverAddress;
    private volatile URI baseUri;

    public Upstream(String configuredUri, String serverAddress) {
        this.configuredUri = configuredUri;
        this.serverAddress = serverAddress;
        this.baseUri = configuredUri.isBlank()
                ? null
                : URI.create(configuredUri.endsWith("/") ? configuredUri : configuredUri + "/");
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        if (configuredUri.isBlank()) {
            String host = serverAddress.isBlank() || serverAddress.equals("0.0.0.0") ? "127.0.0.1" : serverAddress;
            baseUri = URI.create("http://" + host + ":" + event.getWebServer().getPort() + "/");
        }
    }

    /** @param pathAndQuery relative, e.g. {@code date?callDepth=1} */
    public URI resolve(String pathAndQuery) {
        URI base = baseUri;
        if (base == null) {
            throw new IllegalStateException("the server has not started yet, so it has no address to call");
        }
        return base.resolve(pathAndQuery);
    }
}
