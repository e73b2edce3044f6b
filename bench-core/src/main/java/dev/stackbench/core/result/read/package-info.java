/**
 * Reads what stackbench and JMH wrote, for gates and reports alike: a load run's {@code result.json}
 * (every schema version there is: {@code stackbench.load/1}), the {@code latency.hlog} beside it, and
 * JMH's {@code -rf json}. One reader, one set of messages: anything it cannot use is an
 * {@link dev.stackbench.core.result.read.UnreadableResultException} naming the file and the problem.
 *
 * <p>Owns: finding result files, schema versions, the runs and their within-run samples (interval
 * histograms, JMH iterations), labels and the setup repeats must share. May import
 * {@code dev.stackbench.core.result} and HdrHistogram/Jackson; nothing above it (gate, report).
 */
package dev.stackbench.core.result.read;
