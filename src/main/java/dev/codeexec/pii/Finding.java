package dev.codeexec.pii;

/**
 * One detected entity: offsets are UTF-16 code units into the analyzed text, as JSON strings count
 * them. {@code recognizer} and {@code pattern} say which rule produced it.
 */
public record Finding(String entity, int start, int end, double score, String recognizer, String pattern) {

    int length() {
        return end - start;
    }
}
