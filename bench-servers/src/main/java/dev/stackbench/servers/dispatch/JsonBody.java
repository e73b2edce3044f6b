package dev.stackbench.servers.dispatch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.BodyExtractors;
import reactor.core.publisher.Mono;

/**
 * Reads a JSON request body the same way on both stacks, before any work is dispatched: a body that
 * is not JSON answers 415, one over {@link #MAX_BYTES} answers 413 (refused by its Content-Length
 * before reading, or as soon as a chunked body passes the limit), so no stack reads more than the
 * limit into memory.
 */
public final class JsonBody {

    /** The largest request body any route accepts, on every stack: 1 MiB. */
    public static final int MAX_BYTES = 1024 * 1024;

    private JsonBody() {}

    /** Spring MVC: the body as text. */
    public static String read(org.springframework.web.servlet.function.ServerRequest request) {
        // The header as sent: Spring MVC's view of it adds the charset the servlet container decodes with.
        String contentType = request.servletRequest().getHeader(HttpHeaders.CONTENT_TYPE);
        Charset charset = checkedCharset(
                contentType == null ? List.of() : List.of(contentType),
                request.headers().contentLength());
        try {
            byte[] body = request.servletRequest().getInputStream().readNBytes(MAX_BYTES + 1);
            if (body.length > MAX_BYTES) {
                throw new PayloadTooLargeException(tooLarge());
            }
            return new String(body, charset);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the request body", e);
        }
    }

    /** WebFlux: the body as text, joined from its buffers up to the limit. */
    public static Mono<String> read(org.springframework.web.reactive.function.server.ServerRequest request) {
        return Mono.fromCallable(() -> checkedCharset(
                        request.headers().header(HttpHeaders.CONTENT_TYPE),
                        request.headers().contentLength()))
                .flatMap(charset -> DataBufferUtils.join(request.body(BodyExtractors.toDataBuffers()), MAX_BYTES)
                        .map(buffer -> text(buffer, charset))
                        .defaultIfEmpty("")
                        .onErrorMap(DataBufferLimitException.class, e -> new PayloadTooLargeException(tooLarge())));
    }

    static String tooLarge() {
        return "request body is larger than the limit of 1 MiB (" + MAX_BYTES + " bytes)";
    }

    /** Checks the request's Content-Type and Content-Length; answers the charset to decode the body with. */
    private static Charset checkedCharset(List<String> contentTypes, OptionalLong contentLength) {
        String expected = "request body must be JSON (Content-Type: application/json), got ";
        if (contentTypes.isEmpty()) {
            throw new UnsupportedMediaTypeException(expected + "no Content-Type");
        }
        Charset charset;
        try {
            MediaType type = MediaType.parseMediaType(contentTypes.getFirst());
            if (!type.getType().equals("application")
                    || !(type.getSubtype().equals("json") || type.getSubtype().endsWith("+json"))) {
                throw new UnsupportedMediaTypeException(expected + "'" + contentTypes.getFirst() + "'");
            }
            charset = type.getCharset() == null ? StandardCharsets.UTF_8 : type.getCharset();
        } catch (IllegalArgumentException malformedOrUnknownCharset) {
            throw new UnsupportedMediaTypeException(expected + "'" + contentTypes.getFirst() + "'");
        }
        if (contentLength.isPresent() && contentLength.getAsLong() > MAX_BYTES) {
            throw new PayloadTooLargeException("request body of " + contentLength.getAsLong()
                    + " bytes is larger than the limit of 1 MiB (" + MAX_BYTES + " bytes)");
        }
        return charset;
    }

    private static String text(DataBuffer buffer, Charset charset) {
        try {
            return buffer.toString(charset);
        } finally {
            DataBufferUtils.release(buffer);
        }
    }
}
