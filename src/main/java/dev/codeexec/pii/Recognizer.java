package dev.codeexec.pii;

import java.util.List;

/**
 * Detects one entity type. Recognizers only describe (patterns, context words, validation); the
 * shared loop of find, validate, score and overlap resolution lives once in {@link Analyzer}.
 */
public interface Recognizer {

    /** Presidio's name of the entity type, e.g. {@code EMAIL_ADDRESS}. */
    String entity();

    List<PiiPattern> patterns();

    /** Recorded in each finding, so a wrong detection can be traced to its rule. */
    default String name() {
        return getClass().getSimpleName();
    }

    /** Lower-case words or phrases that raise the score when found near a match. */
    List<String> contextWords();

    /** What every match contains; see {@link Trigger}. */
    Trigger trigger();

    /** The trigger of one pattern, when patterns of this recognizer differ in what they must contain. */
    default Trigger trigger(PiiPattern pattern) {
        return trigger();
    }

    /**
     * Whether a character can be part of a match; windows around triggers widen only across such
     * characters, which keeps the regex off ordinary prose. Default: any character.
     */
    default boolean inMatch(int c) {
        return true;
    }

    /** Upper bound of a match's length in chars; windows around triggers extend this far. */
    int maxLength();

    /**
     * How far before its trigger a match can begin, in chars; windows reach this far to the left.
     * Recognizers whose trigger is the start of the match (a literal prefix) say 0 or little, which
     * keeps their windows from swallowing the prose before each trigger. Default: {@link #maxLength()}.
     */
    default int maxLead() {
        return maxLength();
    }

    /**
     * The fewest ASCII digits any accepted match holds; windows with fewer are not searched at all,
     * which spares the regex the many short numbers (years, amounts, counts) of ordinary text.
     */
    default int minDigits() {
        return 0;
    }

    /**
     * The length in chars of the shortest match of {@code pattern}; shorter windows are not searched,
     * which spares the regex the many short words and numbers next to a trigger. Default: 1 (windows
     * with fewer than {@link #minDigits()} chars are skipped anyway).
     */
    default int minLength(PiiPattern pattern) {
        return 1;
    }

    /**
     * Where a match really ends, for a recognizer whose pattern finds only its beginning (the header
     * of a PEM block) because the rest is cheaper to check in Java than in the regex's NFA. Looks no
     * further than {@code limit}. When there is no match, returns {@code -1 - p} where {@code p} is a
     * position before which no match can start either, so the analyzer skips ahead (linear time).
     * Default: the pattern's match is the whole match.
     */
    default int matchEnd(String text, int start, int end, int limit) {
        return end;
    }

    /**
     * The parts of the window {@code [from, to)} that can hold a match of {@code pattern}, as ascending,
     * disjoint {@code [start0, end0, start1, end1, ...]}, each searched on its own; null means the whole
     * window. Every match of the pattern lying in the window must lie inside one part: then searching
     * the parts finds exactly the matches a search of the window finds (a leftmost-first search cannot
     * match across a gap, and each part holds all the text any match starting in it can use), while
     * the regex's NFA, far slower per char than a plain Java scan, runs over much less text. See
     * {@link Parts}.
     */
    default int[] parts(String text, int from, int to, PiiPattern pattern) {
        return null;
    }

    /** Checks one candidate; {@code pattern} is the name of the pattern that matched. */
    Verdict validate(String candidate, String pattern);

    /**
     * True when {@link #validate} is dear (parsing with a library, not a checksum): the analyzer then
     * remembers each verdict for the rest of one analysis, since logs and exports repeat values.
     */
    default boolean validationIsCostly() {
        return false;
    }

    /** True when a match counts only if a context word is near (bank numbers, passports). */
    default boolean requiresContext() {
        return false;
    }

    /**
     * True when the value is capture group 1 of the match rather than the whole match, e.g. the
     * value of {@code password=...} without its name.
     */
    default boolean valueIsGroupOne() {
        return false;
    }

    /**
     * A recognizer's own rule about a match's neighbourhood, beyond the analyzer's word boundaries;
     * RE2J has no lookaround, so such rules are written in Java.
     */
    default boolean acceptsSurroundings(String text, int start, int end) {
        return true;
    }

    /**
     * True when the match may touch a letter or digit at either end; by default matches must stand
     * alone, since RE2J has no lookaround to say so in the pattern.
     */
    default boolean allowsAdjacentWordChars() {
        return false;
    }
}
