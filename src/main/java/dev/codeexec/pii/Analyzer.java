package dev.codeexec.pii;

import com.google.re2j.Matcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The one detection loop shared by every recognizer: find candidates with RE2J inside windows around
 * each recognizer's triggers, check boundaries, validate, score (with context boosting) and resolve
 * overlaps (highest score, then longest span, then earliest). Work is linear in the text: windows are
 * merged, every pattern has bounded repetition, and validators only see bounded candidates.
 */
public final class Analyzer {

    /** Added to a finding's score when a context word is near it. */
    static final double CONTEXT_BOOST = 0.35;
    /** How far before a match (chars) context words count; they usually precede the value. */
    static final int CONTEXT_BEFORE = 64;
    static final int CONTEXT_AFTER = 32;

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

    public Analyzer(List<Recognizer> recognizers) {
        this.recognizers = List.copyOf(recognizers);
        this.recognizers.forEach(r -> inMatch.put(r, CharClass.of(r::inMatch)));
    }

    public List<Recognizer> recognizers() {
        return recognizers;
    }

    /**
     * Findings in {@code text} of the given entity types (all when {@code entities} is null) scoring at
     * least {@code minScore}, non-overlapping, ordered by start.
     */
    public List<Finding> analyze(String text, Set<String> entities, double minScore) {
        List<Finding> candidates = new ArrayList<>();
        Map<WindowKey, WindowSet> windowCache = new HashMap<>();
        Map<ChainKey, int[]> chainCache = new HashMap<>();
        TriggerIndex triggers = new TriggerIndex(text);
        List<Trigger> wanted = new ArrayList<>();
        for (Recognizer r : recognizers) {
            if (entities == null || entities.contains(r.entity())) {
                r.patterns().forEach(p -> wanted.add(windowKey(r, p).trigger()));
            }
        }
        triggers.findLiterals(wanted);
        for (Recognizer r : recognizers) {
            if (entities != null && !entities.contains(r.entity())) {
                continue;
            }
            int minDigits = r.minDigits();
            for (PiiPattern p : r.patterns()) {
                if (searchesChains(r, p)) {
                    int[] chains = chainCache.computeIfAbsent(new ChainKey(p.shape(), minDigits),
                            k -> k.shape().chains(triggers.chars(), triggers.runs(Trigger.digit()), k.minDigits()));
                    Matcher m = p.regex().matcher("");
                    for (int c = 0; c < chains.length; c += 2) {
                        String chain = text.substring(chains[c], chains[c + 1]);
                        scanWindow(text, chains[c], chain, m.reset(chain), r, p, minScore, candidates, chains[c + 1], 0);
                    }
                    continue;
                }
                WindowSet windows = windowCache.computeIfAbsent(windowKey(r, p), k -> new WindowSet(text,
                        triggers.chars(), Windows.around(triggers.chars(), triggers.runs(k.trigger()), k.lead(),
                                k.pad(), k.inMatch())));
                int minLength = Math.max(r.minLength(p), minDigits);
                int[] digits = minDigits > 0 ? windows.digits(r.maxLength()) : null;
                Matcher m = p.regex().matcher("");
                for (int w = 0; w < windows.count(); w++) {
                    if (windows.length(w) < minLength || digits != null && digits[w] < minDigits) {
                        continue;
                    }
                    int from = windows.bounds[2 * w];
                    int to = windows.bounds[2 * w + 1];
                    int[] parts = p.shape() != null ? p.shape().parts(text, from, to, minDigits)
                            : r.parts(text, from, to, p);
                    if (parts == null) {
                        String window = windows.text(w);
                        scanWindow(text, from, window, m.reset(window), r, p, minScore, candidates,
                                from + window.length(), 0);
                        continue;
                    }
                    // The parts are one window to matchEnd: it looks as far as the window's end, and
                    // what it rules out holds for the later parts too.
                    int skipTo = 0;
                    for (int k = 0; k < parts.length; k += 2) {
                        String part = text.substring(parts[k], parts[k + 1]);
                        skipTo = scanWindow(text, parts[k], part, m.reset(part), r, p, minScore, candidates,
                                windows.bounds[2 * w + 1], skipTo);
                    }
                }
            }
        }
        return resolveOverlaps(candidates);
    }

    /** The windows of one key, their text cut once on first use and shared by the patterns searching them. */
    private static final class WindowSet {
        private final String text;
        private final char[] chars;
        final int[] bounds;
        private final String[] texts;
        /** Per span length: the most digits any span of that length in each window holds. */
        private final Map<Integer, int[]> digitsBySpan = new HashMap<>(2);

        WindowSet(String text, char[] chars, int[] bounds) {
            this.text = text;
            this.chars = chars;
            this.bounds = bounds;
            this.texts = new String[bounds.length / 2];
        }

        int count() {
            return texts.length;
        }

        int length(int window) {
            return bounds[2 * window + 1] - bounds[2 * window];
        }

        String text(int window) {
            String t = texts[window];
            if (t == null) {
                int from = bounds[2 * window];
                int to = bounds[2 * window + 1];
                t = from == 0 && to == text.length() ? text : text.substring(from, to);
                texts[window] = t;
            }
            return t;
        }

        /**
         * The most ASCII digits in any {@code span} consecutive chars of each window: a match is at most
         * that long, so digits farther apart than that (a year, then an amount) cannot make one up.
         */
        int[] digits(int span) {
            return digitsBySpan.computeIfAbsent(span, this::countDigits);
        }

        private int[] countDigits(int span) {
            int[] most = new int[texts.length];
            for (int w = 0; w < texts.length; w++) {
                int from = bounds[2 * w];
                int to = bounds[2 * w + 1];
                int inSpan = 0;
                int best = 0;
                for (int i = from; i < to; i++) {
                    inSpan += isDigit(chars[i]) ? 1 : 0;
                    if (i - span >= from) {
                        inSpan -= isDigit(chars[i - span]) ? 1 : 0;
                    }
                    best = Math.max(best, inSpan);
                }
                most[w] = best;
            }
            return most;
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }
    }

    /**
     * A shaped pattern whose trigger is any digit needs no windows: every window around digits holds
     * whole digit chains (a recognizer's window chars include its shape's others), so searching the
     * text's chains of that shape directly finds the same matches, without widening windows around
     * tens of thousands of digit runs first. Patterns that need context or another trigger search
     * the chains inside their windows.
     */
    private boolean searchesChains(Recognizer r, PiiPattern p) {
        DigitShape shape = p.shape();
        return shape != null && !r.requiresContext() && r.trigger(p) instanceof Trigger.Digit
                && inMatch.get(r).containsAll(shape.others()) && shape.maxGap() <= Math.min(r.maxLead(), r.maxLength());
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
     * Reports the matches of {@code m} over {@code window} (which begins at {@code from}); matchEnd
     * looks no further than {@code limit}. Returns the position before which later matches of the
     * same window are ruled out or covered by matchEnd, given as {@code skipTo} for its next part.
     */
    private static int scanWindow(String text, int from, String window, Matcher m, Recognizer r, PiiPattern p,
            double minScore, List<Finding> out, int limit, int skipTo) {
        int group = r.valueIsGroupOne() ? 1 : 0;
        // matches starting before skipTo were ruled out or covered by matchEnd
        while (m.find()) {
            if (m.start(group) < 0 || from + m.start(group) < skipTo) {
                continue;
            }
            int start = from + m.start(group);
            int found = from + m.end(group);
            int end = r.matchEnd(text, start, found, limit);
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
            Verdict verdict = r.validate(end == found ? m.group(group) : text.substring(start, end), p.name());
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

    private static List<Finding> resolveOverlaps(List<Finding> candidates) {
        candidates.sort(PRIORITY);
        TreeMap<Integer, Finding> accepted = new TreeMap<>();
        for (Finding f : candidates) {
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
