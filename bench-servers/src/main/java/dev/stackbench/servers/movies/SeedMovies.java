package dev.stackbench.servers.movies;

import dev.stackbench.servers.db.DatabaseConfiguration;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The known data set as movies, for the stores that are not SQL: read from the same scripts the SQL
 * databases load (in a throwaway H2 database, at start), so every store starts from one data set.
 */
final class SeedMovies {

    private SeedMovies() {}

    /** Every movie of the data set, by id (the order the SQL databases number them in). */
    static List<Movie> load() {
        var dataSource = new SingleConnectionDataSource("jdbc:h2:mem:seed-" + UUID.randomUUID(), "sa", "", true);
        try {
            new ResourceDatabasePopulator(DatabaseConfiguration.SCHEMA, DatabaseConfiguration.DATA).execute(dataSource);
            var jdbc = JdbcClient.create(dataSource);
            var store = new SqlMovieStore(jdbc, new TransactionTemplate(new DataSourceTransactionManager(dataSource)));
            return jdbc
                    .sql("SELECT DISTINCT last_name FROM movie_person WHERE role = 'DIRECTOR'")
                    .query(String.class)
                    .list()
                    .stream()
                    .flatMap(director -> store.byDirector(director).stream())
                    .distinct()
                    .sorted(Comparator.comparing(Movie::id))
                    .toList();
        } finally {
            dataSource.destroy();
        }
    }
}
