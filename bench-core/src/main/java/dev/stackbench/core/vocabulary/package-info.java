/**
 * The words that the command line, scenario files, result.json and the cluster's messages share, as types: durations
 * as people write them ({@link dev.stackbench.core.vocabulary.Durations}), think times, stages of a ramp, the load
 * model, the timeline's phases, the classes failed requests are counted under, an agent's segment of a schedule
 * ({@link dev.stackbench.core.vocabulary.Segment}), percentages ({@link dev.stackbench.core.vocabulary.Percent}), a file's digest ({@link dev.stackbench.core.vocabulary.FileDigest}), and how
 * numbers are printed
 * ({@link dev.stackbench.core.vocabulary.Numbers}). Each type reads its own text and writes it back unchanged, and maps
 * itself to JSON through Jackson's annotations ({@code @JsonValue}, {@code @JsonCreator}), so result.json keeps its
 * strings while the code compares types; a {@link java.time.Duration} kept as text says so with
 * {@link dev.stackbench.core.vocabulary.Durations.Writer} and {@link dev.stackbench.core.vocabulary.Durations.Reader}.
 *
 * <p>Imports nothing else of stackbench: every other package may import it.
 */
package dev.stackbench.core.vocabulary;
