package dev.stackbench.cli;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineStore;
import java.io.PrintWriter;

/**
 * Before a run: this machine, calibrated (once per boot and JDK, and again while that ran busy, before any server or
 * generator loads it), said on stderr with how fast it is against the last other machine measured from this home.
 */
final class MachineLine {

    private MachineLine() {}

    static Machine announce(PrintWriter err, boolean quiet) {
        MachineStore store = MachineStore.standard();
        Machine machine = store.beforeARun(line -> {
            if (!quiet) {
                err.println(line);
                err.flush();
            }
        });
        if (!quiet) {
            err.println("machine: " + machine.words());
            store.speedAgainstPrevious(machine).ifPresent(words -> err.println("speed: this machine is " + words));
            err.flush();
        }
        return machine;
    }
}
