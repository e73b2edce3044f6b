package dev.stackbench.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Two Linux network namespaces joined by a veth pair: a server host and a generator host, each with its own
 * loopback and one address, as two machines on one link. Made by {@link #create}, removed by {@link #close}
 * (deleting a namespace destroys its end of the veth pair, and with it the other end).
 *
 * <p>Names carry this JVM's pid ({@value #PREFIX}PID-server), so that concurrent builds do not collide, and
 * leftovers of a killed build (a prefix whose pid is gone) are removed before new ones are made. The addresses
 * are fixed: both ends live in namespaces of their own, never in the host's routing table, so two builds'
 * pairs cannot conflict.
 */
final class TwoHosts implements AutoCloseable {

    static final String PREFIX = "sbtest-";
    static final String SERVER_ADDRESS = "10.213.0.1";
    static final String GENERATOR_ADDRESS = "10.213.0.2";
    private static final String MASK = "/30";
    private static final long COMMAND_TIMEOUT_SECONDS = 20;

    final String server;
    final String generator;

    private TwoHosts(String server, String generator) {
        this.server = server;
        this.generator = generator;
    }

    /**
     * Skips the calling test, loudly, where namespaces cannot be made (not root, no {@code ip}); with {@code CI=true}
     * fails instead, since CI must never go green having skipped this.
     */
    static TwoHosts create() throws Exception {
        requireNamespaces();
        removeLeftovers();
        long pid = ProcessHandle.current().pid();
        var hosts = new TwoHosts(PREFIX + pid + "-server", PREFIX + pid + "-gen");
        try {
            String serverEnd = "sbt" + pid + "s";
            String generatorEnd = "sbt" + pid + "g";
            ip("netns", "add", hosts.server);
            ip("netns", "add", hosts.generator);
            ip("link", "add", serverEnd, "type", "veth", "peer", "name", generatorEnd);
            ip("link", "set", serverEnd, "netns", hosts.server);
            ip("link", "set", generatorEnd, "netns", hosts.generator);
            hosts.up(hosts.server, serverEnd, SERVER_ADDRESS);
            hosts.up(hosts.generator, generatorEnd, GENERATOR_ADDRESS);
            return hosts;
        } catch (Exception | AssertionError e) {
            hosts.close();
            try {
                ip("link", "delete", "sbt" + pid + "s"); // a pair not yet moved into its namespaces stays in this one
            } catch (Exception | AssertionError alreadyGone) {
                // moved and removed with its namespace, or never made
            }
            throw e;
        }
    }

    private void up(String namespace, String device, String address) throws Exception {
        ip("-n", namespace, "link", "set", "lo", "up"); // the JVM and the servers expect a loopback
        ip("-n", namespace, "addr", "add", address + MASK, "dev", device);
        ip("-n", namespace, "link", "set", device, "up");
    }

    /** A command run inside a namespace ({@code ip netns exec}, which execs it: the process is the command itself). */
    ProcessBuilder in(String namespace, List<String> command) {
        var full = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        full.addAll(command);
        return new ProcessBuilder(full);
    }

    /** Removes both namespaces (and so the veth pair); quietly, as it runs on failures too. */
    @Override
    public void close() {
        for (String namespace : List.of(server, generator)) {
            try {
                run(List.of("ip", "netns", "delete", namespace));
            } catch (Exception | AssertionError e) {
                System.err.println("TwoHosts: could not remove namespace " + namespace + ": " + e.getMessage());
            }
        }
    }

    static List<String> namespaces() throws Exception {
        return run(List.of("ip", "netns", "list"))
                .lines()
                .map(line -> line.split(" ")[0])
                .filter(name -> !name.isBlank())
                .toList();
    }

    /** Skips the calling test loudly where namespaces cannot be made; with {@code CI=true} fails instead. */
    static void requireNamespaces() {
        Needs.require("network namespaces", unusableBecause());
    }

    /** Namespaces of this prefix made by a JVM that is gone (a build killed before its cleanup). */
    static void removeLeftovers() throws Exception {
        for (String name : namespaces()) {
            if (!name.startsWith(PREFIX)) {
                continue;
            }
            String pid = name.substring(PREFIX.length()).replaceAll("-.*", "");
            boolean alive =
                    pid.matches("\\d+") && ProcessHandle.of(Long.parseLong(pid)).isPresent();
            if (!alive) {
                System.err.println("TwoHosts: removing leftover namespace " + name);
                run(List.of("ip", "netns", "delete", name));
            }
        }
    }

    private static Optional<String> unusableBecause() {
        if (!Files.isExecutable(Path.of("/usr/sbin/ip"))
                && !Files.isExecutable(Path.of("/sbin/ip"))
                && !Files.isExecutable(Path.of("/usr/bin/ip"))) {
            return Optional.of("no `ip` command (apt-get install -y iproute2)");
        }
        try {
            String uid = run(List.of("id", "-u")).strip();
            if (!uid.equals("0")) {
                return Optional.of("not root (uid " + uid + "); `ip netns add` needs root");
            }
        } catch (Exception | AssertionError e) {
            return Optional.of("cannot tell the user id: " + e.getMessage());
        }
        return Optional.empty();
    }

    static void ip(String... args) throws Exception {
        var command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        run(command);
    }

    /** Runs a short command to its end (bounded), returns its stdout; fails with its output if it fails. */
    static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(
                    String.join(" ", command) + " did not finish within " + COMMAND_TIMEOUT_SECONDS + " s");
        }
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new AssertionError(
                    String.join(" ", command) + " failed (exit " + process.exitValue() + "): " + out.strip());
        }
        return out;
    }
}
