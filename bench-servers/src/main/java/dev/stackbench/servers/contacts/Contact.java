package dev.stackbench.servers.contacts;

import dev.stackbench.servers.dispatch.InvalidParameterException;
import dev.stackbench.servers.dispatch.JsonInput;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.json.JsonMapper;

/** A contact as the API shows it; {@code id} is ignored in requests and set in every answer. */
record Contact(Long id, String firstName, String lastName, String email, String phone) {

    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final Pattern PHONE = Pattern.compile("[0-9+() .-]{3,50}");

    /** One page of {@code GET /contacts?page=&size=}. */
    record Page(int page, int size, long total, List<Contact> items) {}

    Contact withId(long newId) {
        return new Contact(newId, firstName, lastName, email, phone);
    }

    /** Reads and checks a request body; a failure names the field. */
    static Contact parse(JsonMapper json, String body) {
        Contact contact = JsonInput.read(json, body, Contact.class, "", "a JSON contact (an object)");
        required("firstName", contact.firstName(), 100);
        required("lastName", contact.lastName(), 100);
        if (contact.email() == null
                || contact.email().length() > 200
                || !EMAIL.matcher(contact.email()).matches()) {
            throw new InvalidParameterException(
                    "email must be a valid address, got " + JsonInput.quoted(contact.email()));
        }
        if (contact.phone() != null && !PHONE.matcher(contact.phone()).matches()) {
            throw new InvalidParameterException(
                    "phone must be 3 to 50 digits, spaces and + ( ) . -, got " + JsonInput.quoted(contact.phone()));
        }
        return new Contact(
                null, contact.firstName().strip(), contact.lastName().strip(), contact.email(), contact.phone());
    }

    private static void required(String field, String value, int maxLength) {
        if (value == null || value.isBlank() || value.length() > maxLength) {
            throw new InvalidParameterException(
                    field + " must be 1 to " + maxLength + " characters, got " + JsonInput.quoted(value));
        }
    }

    /**
     * Makes Jackson build this type's (de)serializers now: built on first use, they are built under
     * a lock, which would block an event loop when requests race for it.
     */
    static void warmUp(JsonMapper json) {
        Contact sample = parse(json, "{\"firstName\":\"A\",\"lastName\":\"B\",\"email\":\"a@b.org\"}");
        json.writeValueAsString(new Page(0, 1, 1, List.of(sample.withId(1))));
    }

    /** Parses a path id, naming it when it is not one. */
    static long id(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new InvalidParameterException("id must be a whole number, got " + JsonInput.quoted(value));
        }
    }
}
