package dev.stackbench.core.result;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A histogram kept in HdrHistogram's compressed encoding: a few kilobytes instead of the 100 to 600 KB
 * an interval's counts array takes, so that an hour of one-second intervals fits in memory beside an
 * in-process server.
 */
public record CompressedHistogram(byte[] bytes) {

    public static CompressedHistogram of(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return new CompressedHistogram(Arrays.copyOf(buffer.array(), length));
    }

    /** A new histogram with the recorded counts, and the start and end timestamps if any were set. */
    public Histogram decompress() {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException e) {
            throw new IllegalStateException("a histogram compressed by this process could not be read back", e);
        }
    }
}
