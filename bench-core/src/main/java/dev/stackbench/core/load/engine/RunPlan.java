package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.ArrivalSchedule;
import dev.stackbench.core.load.Headers;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.Ramp;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestTemplate;
import dev.stackbench.core.load.UserSchedule;
import dev.stackbench.core.vocabulary.Segment;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.ssl.SslContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * What every worker of one run shares, fixed before the run starts: the schedule, the encoded
 * requests, the target address, the TLS context. Immutable; what changes during a run is in {@link RunControl}.
 */
final class RunPlan {

    private final LoadRun run;
    /** This generator's share of the run's schedule: {@link Segment#WHOLE} unless it is one of several agents. */
    private final Segment segment;

    private final InetSocketAddress remote;
    /** One per run, shared read-only by every connection; null for http://. */
    private final SslContext tls;

    private final InetAddress[] sourceAddresses;
    private final List<RequestTemplate> templates;
    /** The mix's request names, each once, in order of first appearance; several templates may share one. */
    private final List<String> requestNames;

    private final int[] nameOfTemplate;
    private final ByteBuf[] encoded;
    private final ByteBuf[] direct; // the memory behind encoded, released once the loops have stopped
    /** For templates with an id: the request's bytes before and after {@link RequestTemplate#ID}. */
    private final byte[][] beforeId;

    private final byte[][] afterId;
    private final ArrivalSchedule arrivals;
    private final UserSchedule users;

    RunPlan(LoadRun run, Segment segment) throws UnknownHostException {
        this.run = run;
        this.segment = segment;
        InetAddress host = InetAddress.getByName(run.target().getHost());
        this.remote = new InetSocketAddress(host, run.port());
        this.tls = ClientTls.forRun(run);
        this.sourceAddresses =
                sourceAddresses(host, segment.shareOf(run.connections())); // this host opens only its share
        this.templates =
                run.mix().entries().stream().map(RequestMix.Entry::template).toList();
        this.requestNames = run.mix().names();
        this.nameOfTemplate = templates.stream()
                .mapToInt(template -> requestNames.indexOf(template.name()))
                .toArray();
        this.encoded = new ByteBuf[templates.size()];
        this.direct = new ByteBuf[templates.size()];
        this.beforeId = new byte[templates.size()][];
        this.afterId = new byte[templates.size()][];
        for (int i = 0; i < templates.size(); i++) {
            byte[] whole = encode(templates.get(i), run);
            direct[i] = Unpooled.directBuffer(whole.length).writeBytes(whole);
            encoded[i] = Unpooled.unreleasableBuffer(direct[i].asReadOnly());
            int at = indexOf(whole, RequestTemplate.ID.getBytes(StandardCharsets.ISO_8859_1));
            if (at >= 0) {
                beforeId[i] = Arrays.copyOfRange(whole, 0, at);
                afterId[i] = Arrays.copyOfRange(whole, at + RequestTemplate.ID.length(), whole.length);
            }
        }
        var ramp = ramp(run);
        this.arrivals = run.isOpenModel() ? new ArrivalSchedule(ramp) : null;
        this.users = run.isOpenModel() ? null : new UserSchedule(ramp);
    }

    /**
     * Loopback has about 28,000 ephemeral ports per source address; past
     * {@link LoadDefaults#CONNECTIONS_PER_SOURCE_ADDRESS} connections, spread over 127.0.0.2, .3, ...
     */
    private static InetAddress[] sourceAddresses(InetAddress host, long connections) throws UnknownHostException {
        int count = host.isLoopbackAddress() && host.getAddress().length == 4
                ? (int) Math.min(250, (connections - 1) / LoadDefaults.CONNECTIONS_PER_SOURCE_ADDRESS + 1)
                : 1;
        if (count == 1) {
            return new InetAddress[0];
        }
        var addresses = new InetAddress[count];
        for (int i = 0; i < count; i++) {
            addresses[i] = InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) (i + 1)});
        }
        return addresses;
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static byte[] encode(RequestTemplate template, LoadRun run) {
        var head = new StringBuilder()
                .append(template.method())
                .append(' ')
                .append(template.pathAndQuery())
                .append(" HTTP/1.1\r\n");
        // The user's own Host or User-Agent replaces the generator's.
        if (!Headers.has(template.headers(), "Host")) {
            head.append("Host: ")
                    .append(run.target().getHost())
                    .append(':')
                    .append(run.port())
                    .append("\r\n");
        }
        if (!Headers.has(template.headers(), "User-Agent")) {
            head.append("User-Agent: stackbench\r\n");
        }
        if (!run.keepAlive()) {
            head.append("Connection: close\r\n");
        }
        template.headers()
                .forEach((name, value) ->
                        head.append(name).append(": ").append(value).append("\r\n"));
        byte[] body = template.body();
        if (body.length > 0 || !template.method().equals("GET")) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] request = Arrays.copyOf(headBytes, headBytes.length + body.length);
        System.arraycopy(body, 0, request, headBytes.length, body.length);
        return request;
    }

    LoadRun run() {
        return run;
    }

    Segment segment() {
        return segment;
    }

    /** This generator's share of the run's connections (open model) or users (closed model). */
    long connections() {
        return segment.shareOf(run.connections());
    }

    InetSocketAddress remote() {
        return remote;
    }

    /** The run's TLS context (see {@link ClientTls}), or null for a cleartext run. */
    SslContext tls() {
        return tls;
    }

    /** The local address for connection {@code index}: any, unless spreading over loopback addresses. */
    InetSocketAddress localAddress(int index) {
        return sourceAddresses.length == 0
                ? null
                : new InetSocketAddress(sourceAddresses[index % sourceAddresses.length], 0);
    }

    int sourceAddressCount() {
        return Math.max(1, sourceAddresses.length);
    }

    /**
     * Frees the encoded requests' direct memory, which the garbage collector would not (Netty's
     * direct buffers may have no cleaner). Only after the event loops have stopped writing them.
     */
    void release() {
        for (ByteBuf buffer : direct) {
            if (buffer.refCnt() > 0) {
                buffer.release();
            }
        }
    }

    /** The request's bytes, ready to write; a duplicate, so concurrent writers do not share indices. */
    private ByteBuf encodedRequest(int templateIndex) {
        return encoded[templateIndex].duplicate();
    }

    /** The request's bytes with {@code id} in place of {@link RequestTemplate#ID}: built per request, only for ids. */
    ByteBuf encodedRequest(int templateIndex, long id) {
        if (beforeId[templateIndex] == null) {
            return encodedRequest(templateIndex);
        }
        String text = Long.toString(id);
        ByteBuf request =
                Unpooled.buffer(beforeId[templateIndex].length + text.length() + afterId[templateIndex].length);
        request.writeBytes(beforeId[templateIndex]);
        request.writeCharSequence(text, StandardCharsets.ISO_8859_1);
        request.writeBytes(afterId[templateIndex]);
        return request;
    }

    /** The path of a request, with its id in place. */
    String pathAndQuery(int templateIndex, long id) {
        return templates.get(templateIndex).pathAndQuery().replace(RequestTemplate.ID, Long.toString(id));
    }

    /** The request names whose statistics are kept apart (see {@link #requestName}). */
    List<String> requestNames() {
        return requestNames;
    }

    /** The index in {@link #requestNames()} of a template's name. */
    int requestName(int templateIndex) {
        return nameOfTemplate[templateIndex];
    }

    RequestTemplate.IdUse ids(int templateIndex) {
        return templates.get(templateIndex).ids();
    }

    boolean keepsBody(int templateIndex) {
        return templates.get(templateIndex).keepsBody();
    }

    RequestTemplate template(int templateIndex) {
        return templates.get(templateIndex);
    }

    byte[] requestBody(int templateIndex) {
        return templates.get(templateIndex).body();
    }

    String bodyMustContain(int templateIndex) {
        return templates.get(templateIndex).bodyMustContain().orElse(null);
    }

    boolean keepAlive() {
        return run.keepAlive();
    }

    /** The schedule the workers run, warm-up included (see {@link dev.stackbench.core.load.Warmup#span()}). */
    static Ramp ramp(LoadRun run) {
        return run.profile().ramp(run.warmupPolicy().span());
    }

    /** The open model's schedule of intended starts; null in the closed model. */
    ArrivalSchedule arrivals() {
        return arrivals;
    }

    /** The closed model's users over time; null in the open model. */
    UserSchedule users() {
        return users;
    }

    /** This generator's share of a --requests budget of measured requests (closed model); 0 for none. */
    long measuredRequestLimit() {
        long limit = run.profile() instanceof LoadProfile.Closed closed
                ? closed.requestLimit().orElse(0)
                : 0;
        return limit == 0 ? 0 : Math.max(1, segment.shareOf(limit));
    }
}
