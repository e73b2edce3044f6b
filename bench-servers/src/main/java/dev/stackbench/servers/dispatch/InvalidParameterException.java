package dev.stackbench.servers.dispatch;

/** A request parameter is malformed or out of range; answered with 400 and this message. */
public class InvalidParameterException extends IllegalArgumentException {

    public InvalidParameterException(String message) {
        super(message);
    }

    /** Parses an optional integer parameter within [min, max], naming the parameter on failure. */
    public static int intParameter(String name, String value, int defaultValue, int min, int max) {
        if (value == null || value.isEmpty()) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below with the same message as a value out of range
        }
        throw new InvalidParameterException(
                name + " must be an integer from " + min + " to " + max + ", got '" + value + "'");
    }
}
