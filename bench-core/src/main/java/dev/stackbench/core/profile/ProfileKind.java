package dev.stackbench.core.profile;

/** The stacks a profile holds, each written as its own collapsed file beside the results. */
public enum ProfileKind {

    /** CPU (or wall-clock) samples per stack. */
    CPU("profile-cpu.collapsed", "samples"),
    /** Sampled bytes allocated per stack, the allocated type as the last frame. */
    ALLOCATION("profile-alloc.collapsed", "bytes"),
    /** Microseconds blocked entering a monitor or parked on a lock, per stack. */
    LOCKS("profile-locks.collapsed", "µs blocked"),
    /** Microseconds a virtual thread blocked while pinned to its carrier, per stack. */
    PINNING("profile-pinning.collapsed", "µs pinned");

    private final String fileName;
    private final String unit;

    ProfileKind(String fileName, String unit) {
        this.fileName = fileName;
        this.unit = unit;
    }

    public String fileName() {
        return fileName;
    }

    /** What a stack's weight counts. */
    public String unit() {
        return unit;
    }
}
