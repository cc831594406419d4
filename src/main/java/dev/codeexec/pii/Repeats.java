package dev.codeexec.pii;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds further occurrences of values already detected, so none stays readable in the sanitized text
 * even where a boundary rule kept a recognizer from reporting it (e.g. glued to a digit). One pass with a
 * rolling hash of a short prefix (String.hashCode's, updated in O(1) per position): positions are
 * filtered by a bit set of prefix hashes, then looked up by that hash; nothing is allocated for
 * positions that cannot start a value.
 */
final class Repeats {

    private static final int MAX_PREFIX = 8;
    /**
     * Bits per distinct value in the bit set of prefix hashes, up to 4 M bits (512 KB): enough that
     * few positions pass the filter only to miss in the map, while a short text with a few values does
     * not clear half a megabyte per call.
     */
    private static final int BITS_PER_VALUE = 1024;
    private static final int MAX_HASH_BITS = 1 << 22;

    private Repeats() {
    }

    /**
     * The findings plus one finding per further, non-overlapping occurrence of a detected value;
     * {@code chars} are the text's chars, already copied out by the analysis.
     */
    static List<Finding> addRepeats(String text, char[] chars, List<Finding> findings) {
        if (findings.isEmpty()) {
            return findings;
        }
        Map<String, Finding> byValue = new LinkedHashMap<>();
        int prefix = MAX_PREFIX;
        for (Finding f : findings) {
            String value = text.substring(f.start(), f.end());
            byValue.putIfAbsent(value, f);
            prefix = Math.min(prefix, value.length());
        }
        long[] firstChars = new long[(Character.MAX_VALUE + 1) / 64]; // 8 KB, not 64 KB per call
        int bits = (int) Math.min(MAX_HASH_BITS, Long.highestOneBit((long) byValue.size() * BITS_PER_VALUE - 1) << 1);
        long[] hashBits = new long[bits / 64];
        Map<Integer, List<String>> byPrefix = new HashMap<>();
        for (String value : byValue.keySet()) {
            firstChars[value.charAt(0) >>> 6] |= 1L << value.charAt(0);
            int h = hash(value, 0, prefix);
            hashBits[(h & (bits - 1)) >>> 6] |= 1L << h;
            byPrefix.computeIfAbsent(h, k -> new ArrayList<>()).add(value);
        }
        int[] starts = new int[findings.size()];
        int[] ends = new int[findings.size()];
        for (int k = 0; k < starts.length; k++) {
            starts[k] = findings.get(k).start();
            ends[k] = findings.get(k).end();
        }
        List<Finding> all = new ArrayList<>(findings);
        int power = 1; // 31^(prefix - 1), to drop the char leaving the rolling hash
        for (int k = 1; k < prefix; k++) {
            power *= 31;
        }
        int mask = bits - 1;
        int next = 0; // index into findings (sorted by start) to skip occupied spans quickly
        int nextStart = starts.length > 0 ? starts[0] : Integer.MAX_VALUE;
        int i = 0;
        int h = 0;
        boolean rolling = false; // whether h is the hash at i
        int last = chars.length - prefix;
        while (i <= last) {
            if (nextStart <= i) {
                i = Math.max(i, ends[next++]);
                nextStart = next < starts.length ? starts[next] : Integer.MAX_VALUE;
                rolling = false;
                continue;
            }
            if (rolling) {
                h = (h - power * chars[i - 1]) * 31 + chars[i + prefix - 1];
            } else {
                h = 0;
                for (int k = i; k < i + prefix; k++) {
                    h = 31 * h + chars[k];
                }
                rolling = true;
            }
            if ((hashBits[(h & mask) >>> 6] & 1L << h) == 0 || (firstChars[chars[i] >>> 6] & 1L << chars[i]) == 0) {
                i++;
                continue;
            }
            int matched = longestAt(text, i, byPrefix.get(h));
            if (matched > 0 && i + matched <= nextStart) {
                Finding source = byValue.get(text.substring(i, i + matched));
                all.add(new Finding(source.entity(), i, i + matched, source.score(), source.recognizer(), "repeat"));
                i += matched;
                rolling = false;
            } else {
                i++;
            }
        }
        all.sort(Comparator.comparingInt(Finding::start));
        return all;
    }

    /** String.hashCode of {@code text[from, from + length)}, without cutting it out. */
    private static int hash(String text, int from, int length) {
        int h = 0;
        for (int i = from; i < from + length; i++) {
            h = 31 * h + text.charAt(i);
        }
        return h;
    }

    private static int longestAt(String text, int at, List<String> candidates) {
        int best = -1;
        if (candidates != null) {
            for (String value : candidates) {
                if (value.length() > best && text.startsWith(value, at)) {
                    best = value.length();
                }
            }
        }
        return best;
    }
}
