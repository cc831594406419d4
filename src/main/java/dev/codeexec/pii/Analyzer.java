package dev.codeexec.pii;

import com.google.re2j.Matcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one detection loop shared by every recognizer: find candidates with RE2J in the only text that can
 * hold them (the chains of a pattern's digit shape, or windows around its triggers), check boundaries,
 * validate, score (with context boosting) and resolve overlaps (highest score, then longest span, then
 * earliest). Work is linear in the text: chains and windows come from single passes, each pattern's
 * spans are searched in one pass, every pattern has bounded repetition, and validators only see bounded
 * candidates.
 */
public final class Analyzer {

    /** Added to a finding's score when a context word is near it. */
    static final double CONTEXT_BOOST = 0.35;
    /** How far before a match (chars) context words count; they usually precede the value. */
    static final int CONTEXT_BEFORE = 64;
    static final int CONTEXT_AFTER = 32;
    private static final int MAX_CACHED_FILTERS = 64;

    /** Highest score, then longest span, then earliest; one method rather than a chain of lambdas (hot). */
    private static final Comparator<Finding> PRIORITY = (a, b) -> {
        int byScore = Double.compare(b.score(), a.score());
        if (byScore != 0) {
            return byScore;
        }
        int byLength = Integer.compare(b.length(), a.length());
        return byLength != 0 ? byLength : Integer.compare(a.start(), b.start());
    };

    private final List<Recognizer> recognizers;
    /** Each recognizer's {@link Recognizer#inMatch}, as a bit set built once. */
    private final Map<Recognizer, CharClass> inMatch = new IdentityHashMap<>();
    /** The literals of every recognizer, indexed once; calls filtered to some entity types index theirs. */
    private final LiteralSet allLiterals;
    /** The same for the entity filters callers use, up to {@link #MAX_CACHED_FILTERS} of them. */
    private final Map<Set<String>, LiteralSet> literalsByEntities = new ConcurrentHashMap<>();

    public Analyzer(List<Recognizer> recognizers) {
        this.recognizers = List.copyOf(recognizers);
        this.recognizers.forEach(r -> inMatch.put(r, CharClass.of(r::inMatch)));
        this.allLiterals = literals(null);
    }

    /** The literal triggers of the recognizers of {@code entities} (all when null). */
    private LiteralSet literals(Set<String> entities) {
        List<Trigger> wanted = new ArrayList<>();
        for (Recognizer r : recognizers) {
            if (entities == null || entities.contains(r.entity())) {
                r.patterns().forEach(p -> wanted.add(windowKey(r, p).trigger()));
            }
        }
        return LiteralSet.of(wanted);
    }

    private LiteralSet literalsFor(Set<String> entities) {
        if (entities == null) {
            return allLiterals;
        }
        return literalsByEntities.size() < MAX_CACHED_FILTERS
                ? literalsByEntities.computeIfAbsent(Set.copyOf(entities), this::literals) : literals(entities);
    }

    public List<Recognizer> recognizers() {
        return recognizers;
    }

    /**
     * Findings in {@code text} of the given entity types (all when {@code entities} is null) scoring at
     * least {@code minScore}, non-overlapping, ordered by start.
     */
    public List<Finding> analyze(String text, Set<String> entities, double minScore) {
        return analyze(new TriggerIndex(text), entities, minScore, new Work(List.of()));
    }

    /**
     * As {@link #analyze(String, Set, double)}, plus every further occurrence of a detected value (see
     * {@link Repeats}), which is what sanitizing must hide; the text's chars are copied out once for both.
     */
    public List<Finding> analyzeWithRepeats(String text, Set<String> entities, double minScore) {
        return analyzeWithRepeats(text, entities, minScore, new Work(List.of()));
    }

    /** As {@link #analyzeWithRepeats(String, Set, double)}, counting the work done into {@code work}. */
    List<Finding> analyzeWithRepeats(String text, Set<String> entities, double minScore, Work work) {
        TriggerIndex triggers = new TriggerIndex(text);
        return Repeats.addRepeats(text, triggers.chars(), analyze(triggers, entities, minScore, work));
    }

    /**
     * The work one analysis did beyond its single passes over the text, in chars: what the regular
     * expressions were given to search (RE2J is linear in it) and what boundary, validation and context
     * checks read around candidates. Linear analysis keeps it proportional to the text, whatever the text.
     */
    static final class Work {
        /** Recognizers with a matchEnd of their own; their matches are counted to the window's end. */
        final Set<Recognizer> extendsMatches;
        long searchedChars;
        long checkedChars;

        Work(List<Recognizer> recognizers) {
            Set<Recognizer> extending = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Recognizer r : recognizers) {
                try {
                    if (r.getClass().getMethod("matchEnd", String.class, int.class, int.class, int.class)
                            .getDeclaringClass() != Recognizer.class) {
                        extending.add(r);
                    }
                } catch (NoSuchMethodException e) {
                    throw new IllegalStateException(e);
                }
            }
            this.extendsMatches = extending;
        }

        long total() {
            return searchedChars + checkedChars;
        }
    }

    /** A meter for {@link #analyzeWithRepeats(String, Set, double, Work)}. */
    Work newWork() {
        return new Work(recognizers);
    }

    private List<Finding> analyze(TriggerIndex triggers, Set<String> entities, double minScore, Work work) {
        String text = triggers.text();
        List<Finding> candidates = new ArrayList<>();
        Map<WindowKey, WindowSet> windowCache = new HashMap<>();
        Map<ChainKey, int[]> chainCache = new HashMap<>();
        triggers.findLiterals(literalsFor(entities));
        for (Recognizer r : recognizers) {
            if (entities != null && !entities.contains(r.entity())) {
                continue;
            }
            for (PiiPattern p : r.patterns()) {
                Spans spans = searchesChains(r, p)
                        ? Spans.ending(chainCache.computeIfAbsent(new ChainKey(p.shape(), r.minDigits()),
                                k -> k.shape().chains(triggers.chars(), triggers.runs(Trigger.digit()),
                                        triggers.digitGapKinds(), k.minDigits())))
                        : windowSpans(text, windows(windowCache, triggers, r, p), r, p);
                search(text, spans, r, p, minScore, candidates, work);
            }
        }
        return resolveOverlaps(candidates);
    }

    private WindowSet windows(Map<WindowKey, WindowSet> cache, TriggerIndex triggers, Recognizer r, PiiPattern p) {
        return cache.computeIfAbsent(windowKey(r, p), k -> new WindowSet(triggers.chars(),
                Windows.around(triggers.chars(), triggers.runs(k.trigger()), k.lead(), k.pad(), k.inMatch())));
    }

    /**
     * Spans of the text to search for one pattern, {@code [start0, end0, ...]}, each with the position
     * matchEnd may look as far as (its window's end).
     */
    private record Spans(int[] bounds, int[] limits) {
        static Spans ending(int[] bounds) {
            int[] limits = new int[bounds.length / 2];
            for (int k = 0; k < limits.length; k++) {
                limits[k] = bounds[2 * k + 1];
            }
            return new Spans(bounds, limits);
        }
    }

    /**
     * The windows that can hold an accepted match (long enough, with enough digits close together),
     * or the parts of them a match can lie in: a shaped pattern's chains, or the recognizer's parts.
     */
    private static Spans windowSpans(String text, WindowSet windows, Recognizer r, PiiPattern p) {
        int minDigits = r.minDigits();
        int minLength = Math.max(r.minLength(p), minDigits);
        int[] digits = minDigits > 0 ? windows.digits(r.maxLength()) : null;
        int[] bounds = new int[16];
        int[] limits = new int[8];
        int size = 0;
        for (int w = 0; w < windows.count(); w++) {
            if (windows.length(w) < minLength || digits != null && digits[w] < minDigits) {
                continue;
            }
            int from = windows.bounds[2 * w];
            int to = windows.bounds[2 * w + 1];
            int[] parts = p.shape() != null ? p.shape().parts(text, from, to, minDigits) : r.parts(text, from, to, p);
            if (parts == null) {
                parts = new int[] {from, to};
            }
            if (size + parts.length > bounds.length) {
                bounds = Arrays.copyOf(bounds, Math.max(bounds.length * 2, size + parts.length));
                limits = Arrays.copyOf(limits, bounds.length / 2);
            }
            for (int k = 0; k < parts.length; k += 2) {
                bounds[size + k] = parts[k];
                bounds[size + k + 1] = parts[k + 1];
                // The parts are one window to matchEnd: it looks as far as the window's end.
                limits[(size + k) / 2] = to;
            }
            size += parts.length;
        }
        return new Spans(Arrays.copyOf(bounds, size), Arrays.copyOf(limits, size / 2));
    }

    /**
     * Searches the spans for one pattern. A pattern none of whose matches holds a line feed searches
     * them all in one pass, joined by line feeds: the matches are those of each span searched on its
     * own, without the regex's fixed cost per search (a machine taken from its pool and reset) for
     * every one of thousands of short spans. What matchEnd rules out carries over from span to span.
     */
    private static void search(String text, Spans spans, Recognizer r, PiiPattern p, double minScore,
            List<Finding> out, Work work) {
        int[] bounds = spans.bounds();
        if (bounds.length == 0) {
            return;
        }
        // Verdicts live only for this search: no value is kept once the call returns.
        Map<String, Verdict> verdicts = r.validationIsCostly() ? new HashMap<>() : null;
        if (p.lineBound()) {
            int[] starts = new int[bounds.length / 2];
            int length = 0;
            for (int k = 0; k < bounds.length; k += 2) {
                length += bounds[k + 1] - bounds[k] + 1;
            }
            StringBuilder joined = new StringBuilder(length);
            for (int k = 0; k < bounds.length; k += 2) {
                starts[k / 2] = joined.length();
                joined.append(text, bounds[k], bounds[k + 1]).append('\n');
            }
            String searched = joined.toString();
            work.searchedChars += searched.length();
            scan(text, searched, bounds, starts, spans.limits(), p.regex().matcher(searched), r, p, minScore, out, 0,
                    verdicts, work);
            return;
        }
        Matcher m = p.regex().matcher("");
        int skipTo = 0;
        for (int k = 0; k < bounds.length; k += 2) {
            String span = text.substring(bounds[k], bounds[k + 1]);
            work.searchedChars += span.length();
            skipTo = scan(text, span, new int[] {bounds[k], bounds[k + 1]}, new int[] {0},
                    new int[] {spans.limits()[k / 2]}, m.reset(span), r, p, minScore, out, skipTo, verdicts, work);
        }
    }

    /** The windows of one key, shared by the patterns searching them. */
    private static final class WindowSet {
        private final char[] chars;
        final int[] bounds;
        /** Per span length: the most digits any span of that length in each window holds. */
        private final Map<Integer, int[]> digitsBySpan = new HashMap<>(2);

        WindowSet(char[] chars, int[] bounds) {
            this.chars = chars;
            this.bounds = bounds;
        }

        int count() {
            return bounds.length / 2;
        }

        int length(int window) {
            return bounds[2 * window + 1] - bounds[2 * window];
        }

        /**
         * The most ASCII digits in any {@code span} consecutive chars of each window: a match is at most
         * that long, so digits farther apart than that (a year, then an amount) cannot make one up.
         */
        int[] digits(int span) {
            return digitsBySpan.computeIfAbsent(span, this::countDigits);
        }

        private int[] countDigits(int span) {
            int[] most = new int[count()];
            for (int w = 0; w < most.length; w++) {
                int from = bounds[2 * w];
                int to = bounds[2 * w + 1];
                int inSpan = 0;
                int best = 0;
                for (int i = from; i < to; i++) {
                    inSpan += DigitShape.isDigit(chars[i]) ? 1 : 0;
                    if (i - span >= from) {
                        inSpan -= DigitShape.isDigit(chars[i - span]) ? 1 : 0;
                    }
                    best = Math.max(best, inSpan);
                }
                most[w] = best;
            }
            return most;
        }
    }

    /**
     * A shaped pattern needs no windows: searching the chains of its shape finds what searching the
     * whole text finds (see {@link DigitShape}), as searching windows does, so it searches the text's
     * chains directly and spares widening windows around tens of thousands of triggers. Patterns that
     * need context still search the chains inside windows around their context words, which are rarer
     * than their chains.
     */
    private static boolean searchesChains(Recognizer r, PiiPattern p) {
        return p.shape() != null && !r.requiresContext();
    }

    private record ChainKey(DigitShape shape, int minDigits) {
    }

    /** Windows depend on the trigger, the reach and which characters may widen them. */
    private record WindowKey(Trigger trigger, int lead, int pad, CharClass inMatch) {
    }

    /**
     * A recognizer that needs context is searched only near its context words: those are rarer than
     * its trigger, and a match far from them would be dropped anyway.
     */
    private WindowKey windowKey(Recognizer r, PiiPattern p) {
        if (r.requiresContext()) {
            int pad = CONTEXT_BEFORE + CONTEXT_AFTER + r.maxLength() + 32;
            return new WindowKey(new Trigger.Literal(r.contextWords()), pad, pad, CharClass.ALL);
        }
        return new WindowKey(r.trigger(p), r.maxLead(), r.maxLength(), inMatch.get(r));
    }

    /**
     * Reports the matches of {@code m} over {@code searched}: the text's {@code spans}
     * ({@code [from0, to0, ...]}), span {@code k} beginning at {@code starts[k]} in {@code searched}.
     * matchEnd looks no further than the span's {@code limits} entry.
     * Returns the position before which later matches of the same window are ruled out or covered by
     * matchEnd, given as {@code skipTo} for its next part.
     */
    private static int scan(String text, String searched, int[] spans, int[] starts, int[] limits, Matcher m,
            Recognizer r, PiiPattern p, double minScore, List<Finding> out, int skipTo, Map<String, Verdict> verdicts,
            Work work) {
        int group = r.valueIsGroupOne() ? 1 : 0;
        int span = 0;
        while (m.find()) {
            int at = m.start(group);
            if (at < 0) {
                continue;
            }
            while (span + 1 < starts.length && starts[span + 1] <= at) {
                span++;
            }
            int shift = spans[2 * span] - starts[span];
            int start = at + shift;
            // matches starting before skipTo were ruled out or covered by matchEnd
            if (start < skipTo) {
                continue;
            }
            int found = m.end(group) + shift;
            if (work.extendsMatches.contains(r)) {
                // A matchEnd of its own may read as far as the window's end.
                work.checkedChars += limits[span] - start;
            }
            int end = r.matchEnd(text, start, found, limits[span]);
            if (end < 0) {
                skipTo = -1 - end;
                continue;
            }
            if (end != found) {
                skipTo = end;
            }
            if (end == start || !r.allowsAdjacentWordChars() && !standsAlone(text, start, end)
                    || !r.acceptsSurroundings(text, start, end)) {
                continue;
            }
            String candidate = end == found ? m.group(group) : text.substring(start, end);
            work.checkedChars += candidate.length() + CONTEXT_BEFORE + CONTEXT_AFTER;
            Verdict verdict = verdicts == null ? r.validate(candidate, p.name())
                    : verdicts.computeIfAbsent(candidate, c -> r.validate(c, p.name()));
            if (verdict == Verdict.INVALID) {
                continue;
            }
            boolean context = hasContext(text, start, end, r.contextWords());
            if (r.requiresContext() && !context) {
                continue;
            }
            double score = verdict == Verdict.VALID ? 1.0 : p.score();
            if (context) {
                score = Math.min(1.0, score + CONTEXT_BOOST);
            }
            if (score >= minScore) {
                out.add(new Finding(r.entity(), start, end, round(score), r.name(), p.name()));
            }
        }
        return skipTo;
    }

    private static double round(double score) {
        return Math.round(score * 100) / 100.0;
    }

    /**
     * RE2J has no lookaround, so "not inside a longer word or number" is checked here: the neighbours
     * of a match must not be letters or digits, nor a joiner ({@code . - _}) glued to one, so that
     * {@code 1.2.3.4.5} holds no IP address and {@code 123-45-6789-1} no SSN.
     */
    static boolean standsAlone(String text, int start, int end) {
        return !gluedAt(text, start - 1, -1) && !gluedAt(text, end, 1);
    }

    private static boolean gluedAt(String text, int i, int step) {
        if (i < 0 || i >= text.length()) {
            return false;
        }
        char c = text.charAt(i);
        if (Character.isLetterOrDigit(c)) {
            return true;
        }
        int j = i + step;
        return (c == '.' || c == '-' || c == '_') && j >= 0 && j < text.length()
                && Character.isLetterOrDigit(text.charAt(j));
    }

    static boolean hasContext(String text, int start, int end, List<String> words) {
        if (words.isEmpty()) {
            return false;
        }
        int from = Math.max(0, start - CONTEXT_BEFORE);
        int to = Math.min(text.length(), end + CONTEXT_AFTER);
        String near = (text.substring(from, start) + " " + text.substring(end, to)).toLowerCase(java.util.Locale.ROOT);
        for (String w : words) {
            if (near.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Overlaps are resolved within each cluster of candidates whose spans chain into one another: only
     * there can one candidate's acceptance depend on another's, and most candidates stand alone.
     */
    private static List<Finding> resolveOverlaps(List<Finding> candidates) {
        candidates.sort(BY_START); // stable: among equal priorities the earlier-found candidate wins, as before
        List<Finding> accepted = new ArrayList<>(candidates.size());
        int i = 0;
        while (i < candidates.size()) {
            int end = candidates.get(i).end();
            int j = i + 1;
            while (j < candidates.size() && candidates.get(j).start() < end) {
                end = Math.max(end, candidates.get(j).end());
                j++;
            }
            if (j == i + 1) {
                accepted.add(candidates.get(i));
            } else {
                accepted.addAll(resolveCluster(new ArrayList<>(candidates.subList(i, j))));
            }
            i = j;
        }
        return accepted;
    }

    private static final Comparator<Finding> BY_START = Comparator.comparingInt(Finding::start);

    /** Highest priority first; a candidate is kept unless it overlaps one kept before it. */
    private static List<Finding> resolveCluster(List<Finding> cluster) {
        cluster.sort(PRIORITY);
        TreeMap<Integer, Finding> accepted = new TreeMap<>();
        for (Finding f : cluster) {
            Map.Entry<Integer, Finding> before = accepted.floorEntry(f.start());
            Map.Entry<Integer, Finding> after = accepted.ceilingEntry(f.start());
            boolean overlaps = before != null && before.getValue().end() > f.start()
                    || after != null && after.getKey() < f.end();
            if (!overlaps) {
                accepted.put(f.start(), f);
            }
        }
        return new ArrayList<>(accepted.values());
    }
}
