package dev.stackbench.core.report;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Writes a chart as an 8-bit palette PNG: a chart has a few hundred colours at most (lines, text
 * edges), so 256 of them, the most frequent, hold it exactly or nearly, in a third of the bytes of
 * 24-bit colour. Small enough for reports to be committed beside their results.
 */
final class PalettePng {

    private static final int PALETTE_SIZE = 256;

    private PalettePng() {}

    static byte[] encode(BufferedImage image) throws IOException {
        int width = image.getWidth();
        int height = image.getHeight();
        int[] pixels = image.getRGB(0, 0, width, height, null, 0, width);
        var frequency = new HashMap<Integer, Integer>();
        for (int pixel : pixels) {
            frequency.merge(pixel & 0xFFFFFF, 1, Integer::sum);
        }
        int[] palette = frequency.entrySet().stream()
                .sorted(Map.Entry.<Integer, Integer>comparingByValue().reversed())
                .limit(PALETTE_SIZE)
                .mapToInt(Map.Entry::getKey)
                .toArray();
        byte[] r = new byte[palette.length];
        byte[] g = new byte[palette.length];
        byte[] b = new byte[palette.length];
        var index = new HashMap<Integer, Integer>();
        for (int i = 0; i < palette.length; i++) {
            r[i] = (byte) (palette[i] >> 16);
            g[i] = (byte) (palette[i] >> 8);
            b[i] = (byte) palette[i];
            index.put(palette[i], i);
        }
        var indexed = new BufferedImage(
                width, height, BufferedImage.TYPE_BYTE_INDEXED, new IndexColorModel(8, palette.length, r, g, b));
        var raster = indexed.getRaster();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int rgb = pixels[y * width + x] & 0xFFFFFF;
                raster.setSample(x, y, 0, index.computeIfAbsent(rgb, missing -> nearest(missing, palette)));
            }
        }
        var bytes = new ByteArrayOutputStream();
        ImageIO.write(indexed, "png", bytes);
        return bytes.toByteArray();
    }

    private static int nearest(int rgb, int[] palette) {
        int best = 0;
        long bestDistance = Long.MAX_VALUE;
        for (int i = 0; i < palette.length; i++) {
            long dr = ((rgb >> 16) & 0xFF) - ((palette[i] >> 16) & 0xFF);
            long dg = ((rgb >> 8) & 0xFF) - ((palette[i] >> 8) & 0xFF);
            long db = (rgb & 0xFF) - (palette[i] & 0xFF);
            long distance = dr * dr + dg * dg + db * db;
            if (distance < bestDistance) {
                bestDistance = distance;
                best = i;
            }
        }
        return best;
    }
}
