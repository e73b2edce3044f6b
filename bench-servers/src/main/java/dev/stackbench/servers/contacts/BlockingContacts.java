package dev.stackbench.servers.contacts;

import dev.stackbench.servers.dispatch.NotFoundException;
import dev.stackbench.servers.dispatch.Reply;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import tools.jackson.databind.json.JsonMapper;

/** The crud workload in blocking style: JDBC over HikariCP, each statement its own transaction. */
final class BlockingContacts {

    private final JdbcClient jdbc;
    private final JsonMapper json;

    BlockingContacts(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    Reply create(Contact contact) {
        var key = new GeneratedKeyHolder();
        jdbc.sql(ContactSql.INSERT).params(ContactSql.params(contact)).update(key, "id");
        return Reply.json(
                201,
                json.writeValueAsString(
                        contact.withId(key.getKeyAs(Number.class).longValue())));
    }

    Reply read(long id) {
        return jdbc.sql(ContactSql.SELECT_ONE)
                .param("id", id)
                .query(BlockingContacts::row)
                .optional()
                .map(contact -> Reply.json(200, json.writeValueAsString(contact)))
                .orElseThrow(() -> new NotFoundException(ContactSql.notFound(id)));
    }

    Reply list(int page, int size) {
        var items = jdbc.sql(ContactSql.SELECT_PAGE)
                .param("size", size)
                .param("offset", (long) page * size)
                .query(BlockingContacts::row)
                .list();
        long total = jdbc.sql(ContactSql.COUNT).query(Long.class).single();
        return Reply.json(200, json.writeValueAsString(new Contact.Page(page, size, total, items)));
    }

    Reply update(long id, Contact contact) {
        var params = ContactSql.params(contact);
        params.put("id", id);
        if (jdbc.sql(ContactSql.UPDATE).params(params).update() == 0) {
            throw new NotFoundException(ContactSql.notFound(id));
        }
        return Reply.json(200, json.writeValueAsString(contact.withId(id)));
    }

    Reply delete(long id) {
        if (jdbc.sql(ContactSql.DELETE).param("id", id).update() == 0) {
            throw new NotFoundException(ContactSql.notFound(id));
        }
        return Reply.noContent();
    }

    private static Contact row(ResultSet rs, int rowNumber) throws SQLException {
        return new Contact(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5));
    }
}
