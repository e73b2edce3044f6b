package dev.stackbench.servers.movies;

import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** {@link MongoMovieStore}'s commands over Spring Data MongoDB's reactive template (the Reactive Streams driver), non-blocking. */
final class ReactiveMongoMovieStore implements ReactiveMovieStore {

    private final ReactiveMongoTemplate mongo;

    ReactiveMongoMovieStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<List<Movie>> byDirector(String director) {
        return mongo.find(MongoMovies.byDirector(director), Document.class, MongoMovies.MOVIES)
                .map(MongoMovies::movie)
                .collectList();
    }

    /** As {@link MongoMovieStore#save}: the movies not saved yet take new ids after a duplicate one. */
    @Override
    public Mono<List<Movie>> save(List<Movie> movies) {
        return save(movies, 1);
    }

    private Mono<List<Movie>> save(List<Movie> left, int attempt) {
        return mongo.execute(
                        MongoMovies.COUNTERS,
                        counters -> counters.findOneAndUpdate(
                                MongoMovies.COUNTER, MongoMovies.take(left.size()), MongoMovies.NEW_VALUE))
                .next()
                .map(counter -> Movie.numbered(left, MongoMovies.lastId(counter)))
                .flatMap(numbered -> mongo.insert(MongoMovies.documents(numbered), MongoMovies.MOVIES)
                        .then(Mono.just(numbered))
                        .onErrorResume(
                                failure -> MongoMovies.savedBeforeDuplicateId(failure)
                                                .isPresent()
                                        && attempt < MongoMovies.SAVE_ATTEMPTS,
                                failure -> {
                                    int savedBefore = MongoMovies.savedBeforeDuplicateId(failure)
                                            .getAsInt();
                                    return save(left.subList(savedBefore, left.size()), attempt + 1)
                                            .map(rest -> concat(numbered.subList(0, savedBefore), rest));
                                }));
    }

    private static List<Movie> concat(List<Movie> first, List<Movie> second) {
        var all = new ArrayList<Movie>(first);
        all.addAll(second);
        return all;
    }

    /** As {@link MongoMovieStore#reset}. */
    Mono<Void> reset(List<Movie> seed) {
        return Flux.fromIterable(MongoMovies.COLLECTIONS)
                .concatMap(collection -> mongo.collectionExists(collection)
                        .filter(exists -> exists)
                        .flatMap(exists -> mongo.dropCollection(collection)))
                .then(mongo.indexOps(MongoMovies.MOVIES).createIndex(MongoMovies.DIRECTOR_INDEX))
                .then(save(seed))
                .then();
    }
}
