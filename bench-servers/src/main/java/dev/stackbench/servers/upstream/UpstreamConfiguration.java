package dev.stackbench.servers.upstream;

import java.net.http.HttpClient;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/** The blocking HTTP client used for nested calls on every blocking approach. */
@Configuration(proxyBeanMethods = false)
public class UpstreamConfiguration {

    @Bean
    Upstream upstream(
            @Value("${stackbench.upstream.uri}") String uri, @Value("${server.address:}") String serverAddress) {
        return new Upstream(uri, serverAddress);
    }

    /** Closed with the context (HttpClient is AutoCloseable), so its selector thread goes too. */
    @Bean
    HttpClient upstreamHttpClient(@Value("${stackbench.upstream.timeout}") Duration timeout) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1) // no h2c upgrade attempt on plain http
                .connectTimeout(timeout)
                .build();
    }

    @Bean
    RestClient upstreamRestClient(
            HttpClient upstreamHttpClient, @Value("${stackbench.upstream.timeout}") Duration timeout) {
        var requestFactory = new JdkClientHttpRequestFactory(upstreamHttpClient);
        requestFactory.setReadTimeout(timeout);
        return RestClient.builder().requestFactory(requestFactory).build();
    }
}
