/**
 * The command line ({@code bench-jmh.jar <command>}, picocli; the commands are the subcommands
 * {@link dev.stackbench.cli.StackbenchMain} lists, {@code --help} names them): options made from
 * bench-core's declarations, one line and exit code 2 for bad input, Ctrl-C and SIGTERM that keep what was
 * measured. Without a command the jar is JMH's own command line.
 *
 * <p>May import everything below it: bench-core and, to start servers, the SPI that bench-servers implements.
 */
package dev.stackbench.cli;
