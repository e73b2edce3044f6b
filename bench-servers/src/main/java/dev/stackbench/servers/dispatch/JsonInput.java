package dev.stackbench.servers.dispatch;

import java.util.Collection;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Binds a JSON request body, turning Jackson's failures into messages in the API's words: the field
 * by its JSON path ({@code movies[0].year}), what it must be and what it was, never the Java type
 * that Jackson names ({@code java.lang.Integer}, or a record of ours).
 */
public final class JsonInput {

    private JsonInput() {}

    /**
     * @param root what the body is called in messages' paths ({@code movies} gives {@code movies[0].year};
     *             empty gives {@code email})
     * @param what what the body must be, e.g. {@code a JSON list of movies}
     * @throws InvalidParameterException naming the field and its bad value
     */
    public static <T> T read(JsonMapper json, String body, TypeReference<T> type, String root, String what) {
        return read(json, body, json.getTypeFactory().constructType(type), root, what);
    }

    public static <T> T read(JsonMapper json, String body, Class<T> type, String root, String what) {
        return read(json, body, json.getTypeFactory().constructType(type), root, what);
    }

    private static <T> T read(JsonMapper json, String body, JavaType type, String root, String what) {
        if (body.isBlank()) {
            throw new InvalidParameterException("request body must be " + what + ", got an empty body");
        }
        try {
            T value = json.readValue(body, type);
            if (value == null) {
                throw new InvalidParameterException("request body must be " + what + ", got null");
            }
            return value;
        } catch (InputCoercionException e) {
            throw new InvalidParameterException(field(e, root) + " must be " + kind(e.getTargetType()) + " in range");
        } catch (StreamReadException e) {
            var at = e.getLocation();
            throw new InvalidParameterException("request body is not valid JSON"
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        } catch (MismatchedInputException e) {
            String field = field(e, root);
            String expected = field.equals("request body") ? what : kind(e.getTargetType());
            String got = e instanceof InvalidFormatException invalid
                    ? quoted(String.valueOf(invalid.getValue()))
                    : token(e.getCurrentToken());
            throw new InvalidParameterException(field + " must be " + expected + (got == null ? "" : ", got " + got));
        } catch (JacksonException e) {
            throw new InvalidParameterException("request body must be " + what);
        }
    }

    /** {@code 'value'}, shortened to 40 characters, or {@code null}. */
    public static String quoted(String value) {
        if (value == null) {
            return "null";
        }
        return "'" + (value.length() > 40 ? value.substring(0, 40) + "..." : value) + "'";
    }

    private static String field(JacksonException e, String root) {
        var path = new StringBuilder(root);
        for (JacksonException.Reference reference : e.getPath()) {
            if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            } else if (reference.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
            }
        }
        return path.isEmpty() ? "request body" : path.toString();
    }

    private static String kind(Class<?> type) {
        if (type == null) {
            return "another type";
        }
        if (type == Integer.class
                || type == int.class
                || type == Long.class
                || type == long.class
                || type == Short.class
                || type == short.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
            return "a number";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return "an object";
    }

    private static String token(JsonToken token) {
        if (token == null) {
            return null;
        }
        return switch (token) {
            case START_ARRAY, END_ARRAY -> "a list";
            case START_OBJECT, END_OBJECT, PROPERTY_NAME -> "an object";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "true or false";
            case VALUE_NULL -> "null";
            default -> null;
        };
    }
}
