package dev.stackbench.servers.movies;

import java.util.List;

/**
 * Where the movies workload keeps its movies, in blocking style (run on whatever thread the approach
 * dispatches to): {@link SqlMovieStore}, {@link RedisMovieStore} or {@link MongoMovieStore}, chosen by
 * {@code stackbench.movies.store} ({@link MovieStores}). {@link ReactiveMovieStore} is the same contract
 * for webflux-netty.
 */
interface MovieStore {

    /** The movies a director made (by last name, ignoring case), by year then id; each with its id. */
    List<Movie> byDirector(String director);

    /** Saves movies that have no id yet; answers them with the ids given, in order. */
    List<Movie> save(List<Movie> movies);
}
