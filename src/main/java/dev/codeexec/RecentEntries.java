package dev.codeexec;

import java.util.LinkedHashMap;
import java.util.Map;

/** Maps that keep the entries used last and forget the rest: for keys that come and never say goodbye. */
public final class RecentEntries {

    private RecentEntries() {
    }

    /**
     * A map of at most {@code max} entries, the least recently used (read or written) forgotten first. Not
     * synchronized: callers lock around it, or wrap it in {@link java.util.Collections#synchronizedMap}.
     */
    public static <K, V> Map<K, V> map(int max) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > max;
            }
        };
    }
}
