package dev.stackbench.servers.movies;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.bson.Document;
import org.springframework.data.mongodb.core.MongoTemplate;

/**
 * Movies in MongoDB over Spring Data MongoDB and the sync driver ({@link MongoMovies} has the layout): a
 * read is one find on the director index, a save one findOneAndUpdate and one insert of all its movies.
 */
final class MongoMovieStore implements MovieStore {

    private final MongoTemplate mongo;

    MongoMovieStore(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public List<Movie> byDirector(String director) {
        return mongo.find(MongoMovies.byDirector(director), Document.class, MongoMovies.MOVIES).stream()
                .map(MongoMovies::movie)
                .toList();
    }

    /** The movies not saved yet take new ids after a duplicate one ({@link MongoMovies#SAVE_ATTEMPTS}). */
    @Override
    public List<Movie> save(List<Movie> movies) {
        var saved = new ArrayList<Movie>();
        List<Movie> left = movies;
        for (int attempt = 1; ; attempt++) {
            List<Movie> numbered = Movie.numbered(left, takeIds(left.size()));
            try {
                mongo.insert(MongoMovies.documents(numbered), MongoMovies.MOVIES);
                saved.addAll(numbered);
                return saved;
            } catch (RuntimeException e) {
                OptionalInt savedBefore = MongoMovies.savedBeforeDuplicateId(e);
                if (savedBefore.isEmpty() || attempt == MongoMovies.SAVE_ATTEMPTS) {
                    throw e;
                }
                saved.addAll(numbered.subList(0, savedBefore.getAsInt()));
                left = left.subList(savedBefore.getAsInt(), left.size());
            }
        }
    }

    private long takeIds(int count) {
        Document counter = mongo.execute(
                MongoMovies.COUNTERS,
                counters ->
                        counters.findOneAndUpdate(MongoMovies.COUNTER, MongoMovies.take(count), MongoMovies.NEW_VALUE));
        return MongoMovies.lastId(counter);
    }

    /** Drops the workload's collections, indexes {@code director} and saves the known data set. */
    void reset(List<Movie> seed) {
        for (String collection : MongoMovies.COLLECTIONS) {
            // Only if it is there: mongo-java-server logs an error for every drop of a collection that is not.
            if (mongo.collectionExists(collection)) {
                mongo.dropCollection(collection);
            }
        }
        mongo.indexOps(MongoMovies.MOVIES).createIndex(MongoMovies.DIRECTOR_INDEX);
        save(seed);
    }
}
