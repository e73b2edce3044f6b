package dev.stackbench.core.load;

import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/** Weighted request templates (e.g. 75% GET by director, 25% POST); each request picks one at random. */
public record RequestMix(List<Entry> entries) {

    public record Entry(RequestTemplate template, double weight) {
        public Entry {
            if (!(weight > 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException(
                        "weight of '" + template.name() + "' must be positive, got " + weight);
            }
        }
    }

    public RequestMix {
        entries = List.copyOf(entries);
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("a request mix needs at least one request");
        }
        boolean usesIds =
                entries.stream().anyMatch(entry -> entry.template().ids().needsId());
        if (usesIds && creator(entries) < 0) {
            throw new IllegalArgumentException("a request mix that uses ids needs a request that creates them");
        }
    }

    /** The first request that creates ids, sent instead of one that needs an id while none is free; -1 if none. */
    public int creator() {
        return creator(entries);
    }

    private static int creator(List<Entry> entries) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).template().ids() == RequestTemplate.IdUse.CREATES) {
                return i;
            }
        }
        return -1;
    }

    /** Every request of this mix with {@code headers} under its own (see {@link RequestTemplate#withHeadersUnder}). */
    public RequestMix withHeaders(Map<String, String> headers) {
        if (headers.isEmpty()) {
            return this;
        }
        return new RequestMix(entries.stream()
                .map(entry -> new Entry(entry.template().withHeadersUnder(headers), entry.weight()))
                .toList());
    }

    /** The request names, each once, in order of first appearance. */
    public List<String> names() {
        return entries.stream().map(entry -> entry.template().name()).distinct().toList();
    }

    public static RequestMix of(RequestTemplate template) {
        return new RequestMix(List.of(new Entry(template, 1)));
    }

    /** The index of the template to send next, drawn with the entries' weights. */
    public int pick(RandomGenerator random) {
        if (entries.size() == 1) {
            return 0;
        }
        double total = entries.stream().mapToDouble(Entry::weight).sum();
        double draw = random.nextDouble() * total;
        for (int i = 0; i < entries.size(); i++) {
            draw -= entries.get(i).weight();
            if (draw < 0) {
                return i;
            }
        }
        return entries.size() - 1;
    }
}
