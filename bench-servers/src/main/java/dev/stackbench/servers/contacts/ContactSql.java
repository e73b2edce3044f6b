package dev.stackbench.servers.contacts;

import java.util.HashMap;
import java.util.Map;

/** The SQL of the crud workload, written once for JDBC and R2DBC (named parameters). */
final class ContactSql {

    static final String INSERT =
            "INSERT INTO contact (first_name, last_name, email, phone) VALUES (:firstName, :lastName, :email, :phone)";
    static final String SELECT_ONE = "SELECT id, first_name, last_name, email, phone FROM contact WHERE id = :id";
    static final String SELECT_PAGE =
            "SELECT id, first_name, last_name, email, phone FROM contact ORDER BY id LIMIT :size OFFSET :offset";
    static final String COUNT = "SELECT COUNT(*) FROM contact";
    static final String UPDATE =
            "UPDATE contact SET first_name = :firstName, last_name = :lastName, email = :email, phone = :phone WHERE id = :id";
    static final String DELETE = "DELETE FROM contact WHERE id = :id";

    static final int MAX_PAGE_SIZE = 1000;

    private ContactSql() {}

    /** Named parameters of a contact; phone may be absent, so not Map.of. */
    static Map<String, Object> params(Contact contact) {
        var params = new HashMap<String, Object>();
        params.put("firstName", contact.firstName());
        params.put("lastName", contact.lastName());
        params.put("email", contact.email());
        params.put("phone", contact.phone());
        return params;
    }

    static String notFound(long id) {
        return "no contact with id " + id;
    }
}
