package dev.stackbench.testapp;

import java.util.Map;

import org.springframework.boot.SpringBootVersion;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What a blocking service does: answer at once, wait (as a call to something slow would), and save and read rows
 * through the connection pool. {@code /hello} names the Spring Boot version and the thread that served it, so a test
 * can tell which application and which kind of thread answered.
 */
@RestController
class Endpoints {

    private final JdbcTemplate jdbc;
    private final ExtraCost extraCost;

    Endpoints(JdbcTemplate jdbc, ExtraCost extraCost) {
        this.jdbc = jdbc;
        this.extraCost = extraCost;
        jdbc.execute("CREATE TABLE IF NOT EXISTS items (id BIGINT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(200) NOT NULL)");
    }

    @GetMapping("/hello")
    String hello() {
        extraCost.spend();
        return "hello from Spring Boot " + SpringBootVersion.getVersion() + " on " + (Thread.currentThread().isVirtual() ? "a virtual" : "a platform")
                + " thread";
    }

    @GetMapping("/work")
    String work(@RequestParam(defaultValue = "0") long millis) throws InterruptedException {
        if (millis < 0 || millis > 60_000) {
            throw new BadRequest("millis must be from 0 to 60000, got " + millis);
        }
        Thread.sleep(millis);
        return "waited " + millis + " ms";
    }

    @PostMapping("/items")
    ResponseEntity<Map<String, Object>> create(@RequestBody Map<String, Object> body) {
        Object name = body.get("name");
        if (!(name instanceof String text) || text.isBlank()) {
            throw new BadRequest("name must be a non-empty string, got " + name);
        }
        var keys = new GeneratedKeyHolder();
        jdbc.update(connection -> {
            var statement = connection.prepareStatement("INSERT INTO items (name) VALUES (?)", new String[]{"id"});
            statement.setString(1, text);
            return statement;
        }, keys);
        return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("id", keys.getKey().longValue(), "name", text));
    }

    @GetMapping("/items/{id}")
    ResponseEntity<Map<String, Object>> read(@PathVariable long id) {
        var rows = jdbc.queryForList("SELECT id, name FROM items WHERE id = ?", id);
        return rows.isEmpty() ? ResponseEntity.notFound().build() : ResponseEntity.ok(Map.of("id", id, "name", rows.get(0).get("NAME")));
    }

    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.BAD_REQUEST)
    static final class BadRequest extends RuntimeException {
        BadRequest(String message) {
            super(message);
        }
    }
}
