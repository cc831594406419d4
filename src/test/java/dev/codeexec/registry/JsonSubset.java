package dev.codeexec.registry;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The matching rule of registry examples: every key of an expected object must be present in the actual
 * object with a matching value (extra keys are fine), lists match element by element with equal length,
 * numbers match by value (3 equals 3.0, relative tolerance 1e-9), everything else by equality.
 */
final class JsonSubset {

    private JsonSubset() {
    }

    /** Empty when {@code actual} matches {@code expected}, otherwise where and how it differs. */
    static Optional<String> mismatch(Object expected, Object actual) {
        return mismatch(expected, actual, "$");
    }

    private static Optional<String> mismatch(Object expected, Object actual, String at) {
        if (expected instanceof Map<?, ?> want) {
            if (!(actual instanceof Map<?, ?> got)) {
                return differs(at, expected, actual);
            }
            for (Map.Entry<?, ?> e : want.entrySet()) {
                String key = at + "." + e.getKey();
                if (!got.containsKey(String.valueOf(e.getKey()))) {
                    return Optional.of(key + ": missing");
                }
                Optional<String> inner = mismatch(e.getValue(), got.get(String.valueOf(e.getKey())), key);
                if (inner.isPresent()) {
                    return inner;
                }
            }
            return Optional.empty();
        }
        if (expected instanceof List<?> want) {
            if (!(actual instanceof List<?> got) || got.size() != want.size()) {
                return differs(at, expected, actual);
            }
            for (int i = 0; i < want.size(); i++) {
                Optional<String> inner = mismatch(want.get(i), got.get(i), at + "[" + i + "]");
                if (inner.isPresent()) {
                    return inner;
                }
            }
            return Optional.empty();
        }
        if (expected instanceof Number a && actual instanceof Number b) {
            double x = a.doubleValue();
            double y = b.doubleValue();
            return Math.abs(x - y) <= 1e-9 * Math.max(1.0, Math.abs(x)) ? Optional.empty() : differs(at, expected, actual);
        }
        return java.util.Objects.equals(expected, actual) ? Optional.empty() : differs(at, expected, actual);
    }

    private static Optional<String> differs(String at, Object expected, Object actual) {
        return Optional.of(at + ": expected " + expected + " but was " + actual);
    }
}
