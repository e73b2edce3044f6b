package dev.stackbench.core.load.engine;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ids one worker's creating requests answered, each leased to one request at a time: a read
 * can never overtake the delete of its id on another connection, so nothing answers 404 by a race.
 * Used on the worker's loop only.
 */
final class IdLeases {

    private static final Pattern CREATED_ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");

    private long[] free = new long[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    /** Leases a free id, chosen at random. */
    long lease(SplittableRandom random) {
        int index = random.nextInt(size);
        long id = free[index];
        free[index] = free[--size];
        return id;
    }

    /** Ends a lease (or adds a new id): the id may be used again. A deleted id is simply never given back. */
    void giveBack(long id) {
        if (size == free.length) {
            free = Arrays.copyOf(free, size * 2);
        }
        free[size++] = id;
    }

    /** Takes the JSON {@code "id"} of a creation's answer; false if it has none (a body error). */
    boolean addCreated(CharSequence body) {
        Matcher id = body == null ? null : CREATED_ID.matcher(body);
        if (id == null || !id.find()) {
            return false;
        }
        giveBack(Long.parseLong(id.group(1)));
        return true;
    }
}
