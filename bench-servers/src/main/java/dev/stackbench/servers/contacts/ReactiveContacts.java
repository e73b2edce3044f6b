package dev.stackbench.servers.contacts;

import dev.stackbench.servers.db.AnswerTimeout;
import dev.stackbench.servers.dispatch.NotFoundException;
import dev.stackbench.servers.dispatch.Reply;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The crud workload in non-blocking style: R2DBC end to end, each request bounded by the {@link AnswerTimeout}. */
final class ReactiveContacts {

    private final DatabaseClient database;
    private final JsonMapper json;
    private final AnswerTimeout answerTimeout;

    ReactiveContacts(DatabaseClient database, JsonMapper json, AnswerTimeout answerTimeout) {
        this.database = database;
        this.json = json;
        this.answerTimeout = answerTimeout;
    }

    Mono<Reply> create(Contact contact) {
        return answerTimeout.bound(bind(database.sql(ContactSql.INSERT), contact)
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(row -> row.get("id", Long.class))
                .one()
                .map(id -> Reply.json(201, json.writeValueAsString(contact.withId(id)))));
    }

    Mono<Reply> read(long id) {
        return answerTimeout.bound(database.sql(ContactSql.SELECT_ONE)
                .bind("id", id)
                .map(ReactiveContacts::row)
                .one()
                .map(contact -> Reply.json(200, json.writeValueAsString(contact)))
                .switchIfEmpty(Mono.error(() -> new NotFoundException(ContactSql.notFound(id)))));
    }

    Mono<Reply> list(int page, int size) {
        return answerTimeout.bound(database.sql(ContactSql.SELECT_PAGE)
                .bind("size", size)
                .bind("offset", (long) page * size)
                .map(ReactiveContacts::row)
                .all()
                .collectList()
                .flatMap(items -> database.sql(ContactSql.COUNT)
                        .map(row -> row.get(0, Long.class))
                        .one()
                        .map(total ->
                                Reply.json(200, json.writeValueAsString(new Contact.Page(page, size, total, items))))));
    }

    Mono<Reply> update(long id, Contact contact) {
        return answerTimeout.bound(bind(database.sql(ContactSql.UPDATE).bind("id", id), contact)
                .fetch()
                .rowsUpdated()
                .flatMap(updated -> updated == 0
                        ? Mono.error(new NotFoundException(ContactSql.notFound(id)))
                        : Mono.just(Reply.json(200, json.writeValueAsString(contact.withId(id))))));
    }

    Mono<Reply> delete(long id) {
        return answerTimeout.bound(database.sql(ContactSql.DELETE)
                .bind("id", id)
                .fetch()
                .rowsUpdated()
                .flatMap(deleted -> deleted == 0
                        ? Mono.error(new NotFoundException(ContactSql.notFound(id)))
                        : Mono.just(Reply.noContent())));
    }

    private static DatabaseClient.GenericExecuteSpec bind(DatabaseClient.GenericExecuteSpec spec, Contact contact) {
        var bound = spec.bind("firstName", contact.firstName())
                .bind("lastName", contact.lastName())
                .bind("email", contact.email());
        return contact.phone() == null ? bound.bindNull("phone", String.class) : bound.bind("phone", contact.phone());
    }

    private static Contact row(Readable row) {
        return new Contact(
                row.get("id", Long.class),
                row.get("first_name", String.class),
                row.get("last_name", String.class),
                row.get("email", String.class),
                row.get("phone", String.class));
    }
}
