package dev.stackbench.servers.movies;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;

/**
 * How movies lie in MongoDB, for {@link MongoMovieStore} and {@link ReactiveMongoMovieStore} alike: one
 * document per movie in {@code movies} ({@code _id} a number, the people, characters and awards embedded,
 * and {@code director}: the directors' last names in lower case, indexed, though mongo-java-server ignores the index), ids from the counter document
 * {@code {_id: "movies", last: N}} in {@code counters} (one findOneAndUpdate per save).
 */
final class MongoMovies {

    static final String MOVIES = "movies";
    static final String COUNTERS = "counters";
    static final List<String> COLLECTIONS = List.of(MOVIES, COUNTERS);
    static final String DIRECTOR = "director";
    static final Index DIRECTOR_INDEX = new Index().on(DIRECTOR, Sort.Direction.ASC);

    private MongoMovies() {}

    static Query byDirector(String director) {
        return Query.query(Criteria.where(DIRECTOR).is(director.toLowerCase(Locale.ROOT)))
                .with(Sort.by("year", "_id"));
    }

    /**
     * The counter is taken with the driver's findOneAndUpdate (in the template's execute, which still translates its
     * exceptions): the template's findAndModify sends an empty projection, which FerretDB 1.24 refuses as not implemented.
     */
    static final Bson COUNTER = Filters.eq("_id", MOVIES);

    static final FindOneAndUpdateOptions NEW_VALUE =
            new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER);

    static Bson take(int ids) {
        return Updates.inc("last", ids);
    }

    /**
     * How often a save takes new ids after a duplicate one. mongo-java-server's findAndModify is not atomic under
     * concurrent requests (two saves can be handed the same block of ids, seen under load); MongoDB's is, so there a
     * save never retries.
     */
    static final int SAVE_ATTEMPTS = 5;

    /**
     * When a save's insert failed on a duplicate id: how many of its movies went in before it (an insert of many is
     * ordered, so those are saved and the rest are not). Empty for any other failure.
     */
    static OptionalInt savedBeforeDuplicateId(Throwable failure) {
        if (failure instanceof DuplicateKeyException
                && failure.getCause() instanceof MongoBulkWriteException bulk
                && !bulk.getWriteErrors().isEmpty()
                && ErrorCategory.fromErrorCode(bulk.getWriteErrors().get(0).getCode()) == ErrorCategory.DUPLICATE_KEY) {
            return OptionalInt.of(bulk.getWriteErrors().get(0).getIndex());
        }
        return OptionalInt.empty();
    }

    static long lastId(Document counter) {
        return counter.get("last", Number.class).longValue();
    }

    static Document document(Movie movie) {
        return new Document("_id", movie.id())
                .append("title", movie.title())
                .append("year", movie.year())
                .append("genre", movie.genre())
                .append("rating", movie.rating())
                .append("directors", people(movie.directors()))
                .append("writers", people(movie.writers()))
                .append("characters", movie.characters())
                .append("awards", movie.awards())
                .append(
                        DIRECTOR,
                        movie.directors().stream()
                                .map(person -> person.lastName().toLowerCase(Locale.ROOT))
                                .distinct()
                                .toList());
    }

    static List<Document> documents(List<Movie> numbered) {
        return numbered.stream().map(MongoMovies::document).toList();
    }

    static Movie movie(Document document) {
        return new Movie(
                document.get("_id", Number.class).longValue(),
                document.getString("title"),
                document.get("year", Number.class).intValue(),
                document.getString("genre"),
                document.get("rating", Number.class).doubleValue(),
                persons(document.getList("directors", Document.class)),
                persons(document.getList("writers", Document.class)),
                document.getList("characters", String.class),
                document.getList("awards", String.class));
    }

    private static List<Document> people(List<Movie.Person> people) {
        return people.stream()
                .map(person -> new Document("firstName", person.firstName()).append("lastName", person.lastName()))
                .toList();
    }

    private static List<Movie.Person> persons(List<Document> people) {
        return people.stream()
                .map(person -> new Movie.Person(person.getString("firstName"), person.getString("lastName")))
                .toList();
    }
}
