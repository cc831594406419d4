package dev.codeexec.pii;

/**
 * What every match of a recognizer must contain, so the analyzer runs the regex only on windows
 * around such places instead of the whole text: a cheap Java scan keeps throughput high on prose,
 * where most recognizers have nothing to look at.
 */
public sealed interface Trigger {

    /** Any ASCII digit. */
    record Digit() implements Trigger {
    }

    /** Any of the given characters. */
    record AnyChar(String chars) implements Trigger {
    }

    /** Any of the given literals, matched ignoring ASCII case. */
    record Literal(java.util.List<String> literals) implements Trigger {
    }

    /** No prefilter: the whole text is searched (operator-defined recognizers). */
    record Everywhere() implements Trigger {
    }

    static Trigger digit() {
        return new Digit();
    }

    static Trigger anyChar(String chars) {
        return new AnyChar(chars);
    }

    static Trigger literal(String... literals) {
        return new Literal(java.util.List.of(literals));
    }
}
