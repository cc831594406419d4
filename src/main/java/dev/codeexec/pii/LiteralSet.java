package dev.codeexec.pii;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The literals of a set of triggers, indexed for one pass over a text (see
 * {@link TriggerIndex#findLiterals}): literals of three chars or more by a hash of their first three
 * folded chars, shorter ones by their first. Built once per analyzer (and per entity filter) rather
 * than per call, since building it clears half a megabyte of tables, far more than a short text costs
 * to scan. Immutable, so calls share it.
 */
final class LiteralSet {

    static final int BUCKETS = 1 << 16;

    final List<Trigger.Literal> triggers;
    final char[][] needles;
    /** Per trigger (in {@link #triggers} order), the ids of its needles. */
    final int[][] needlesOf;
    final int[][] buckets;
    /** The buckets in use, small enough to stay in L1 cache. */
    final long[] filled;
    /** First chars of literals under three chars, or null when there are none. */
    final long[] shortFirsts;
    final Map<Character, int[]> shortByFirst;

    private LiteralSet(List<Trigger.Literal> triggers, char[][] needles, int[][] needlesOf) {
        this.triggers = triggers;
        this.needles = needles;
        this.needlesOf = needlesOf;
        this.buckets = new int[BUCKETS][];
        this.filled = new long[BUCKETS / 64];
        long[] firsts = new long[(Character.MAX_VALUE + 1) / 64];
        Map<Character, int[]> byFirst = new HashMap<>();
        for (int id = 0; id < needles.length; id++) {
            char[] needle = needles[id];
            if (needle.length >= 3) {
                int b = bucket(needle[0], needle[1], needle[2]);
                buckets[b] = append(buckets[b], id);
                filled[b >>> 6] |= 1L << b;
            } else {
                byFirst.put(needle[0], append(byFirst.get(needle[0]), id));
                firsts[needle[0] >>> 6] |= 1L << needle[0];
            }
        }
        this.shortFirsts = byFirst.isEmpty() ? null : firsts;
        this.shortByFirst = Map.copyOf(byFirst);
    }

    /** The literal triggers among {@code triggers}, each once. */
    static LiteralSet of(Collection<Trigger> triggers) {
        List<Trigger.Literal> literals = new ArrayList<>();
        Map<String, Integer> needleIds = new LinkedHashMap<>();
        for (Trigger t : triggers) {
            if (t instanceof Trigger.Literal l && !literals.contains(l)) {
                literals.add(l);
                l.literals().stream().filter(literal -> !literal.isEmpty())
                        .forEach(literal -> needleIds.putIfAbsent(TriggerIndex.fold(literal), needleIds.size()));
            }
        }
        char[][] needles = new char[needleIds.size()][];
        needleIds.forEach((needle, id) -> needles[id] = needle.toCharArray());
        int[][] needlesOf = new int[literals.size()][];
        for (int t = 0; t < literals.size(); t++) {
            needlesOf[t] = literals.get(t).literals().stream().filter(literal -> !literal.isEmpty())
                    .mapToInt(literal -> needleIds.get(TriggerIndex.fold(literal))).distinct().toArray();
        }
        return new LiteralSet(List.copyOf(literals), needles, needlesOf);
    }

    static int bucket(char first, char second, char third) {
        return ((first * 31 + second) * 31 + third) & (BUCKETS - 1);
    }

    private static int[] append(int[] ids, int id) {
        int[] grown = ids == null ? new int[1] : Arrays.copyOf(ids, ids.length + 1);
        grown[grown.length - 1] = id;
        return grown;
    }
}
