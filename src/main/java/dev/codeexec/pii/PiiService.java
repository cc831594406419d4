package dev.codeexec.pii;

import dev.codeexec.InvalidInputException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.jboss.logging.Logger;

/**
 * Sanitize (detect and tokenize) and restore (tokens back to values) on a connection's vault.
 *
 * <p>Round trip holds for every input: a token-shaped string already in the text is never issued as
 * a new token, and one that this session has issued before is itself tokenized (as {@code PII_TOKEN})
 * so that restore gives the literal back, not the value it names.
 */
@ApplicationScoped
public class PiiService {

    /** Type of the tokens that stand for token-shaped literals of the input. */
    static final String ESCAPE_TYPE = "PII_TOKEN";
    private static final Logger LOG = Logger.getLogger(PiiService.class);

    private final Analyzer analyzer;
    private final PiiVault vault;
    private final int maxInputChars;
    private final int maxEntitiesListed;
    private final double defaultMinScore;
    private final Set<String> entityTypes;
    /** Figures per tenant: one tenant's calls and entity types are nobody else's business. */
    private final Map<String, Counters> byTenant = new ConcurrentHashMap<>();

    private static final class Counters {
        final LongAdder sanitizeCalls = new LongAdder();
        final LongAdder restoreCalls = new LongAdder();
        final LongAdder tokensRestored = new LongAdder();
        final Map<String, LongAdder> entitiesByType = new ConcurrentHashMap<>();
    }

    private Counters counters(String connectionId) {
        return byTenant.computeIfAbsent(PiiVault.tenantOf(connectionId), t -> new Counters());
    }

    @Inject
    public PiiService(PiiConfig config, PiiVault vault) {
        this(RecognizerSetup.analyzer(config), vault, config.maxInputChars(), config.maxEntitiesListed(),
                config.defaultMinScore());
        LOG.infof("PII detection ready: %d entity types", entityTypes.size());
    }

    PiiService(Analyzer analyzer, PiiVault vault, int maxInputChars, double defaultMinScore) {
        this(analyzer, vault, maxInputChars, 1000, defaultMinScore);
    }

    PiiService(Analyzer analyzer, PiiVault vault, int maxInputChars, int maxEntitiesListed, double defaultMinScore) {
        this.analyzer = analyzer;
        this.vault = vault;
        this.maxInputChars = maxInputChars;
        this.maxEntitiesListed = maxEntitiesListed;
        this.defaultMinScore = defaultMinScore;
        Set<String> types = new LinkedHashSet<>();
        analyzer.recognizers().forEach(r -> types.add(r.entity()));
        this.entityTypes = Set.copyOf(types);
    }

    /** A service over the given recognizers with default limits, for benchmarks outside CDI. */
    public static PiiService forBenchmark(List<Recognizer> recognizers) {
        return new PiiService(new Analyzer(recognizers), new PiiVault(1_000_000, 100, Long.MAX_VALUE, java.time.Duration.ofHours(1),
                System::currentTimeMillis, vaultCaller -> false), Integer.MAX_VALUE, 0.5);
    }

    /** Entity types this server detects (built-in and operator-defined, minus disabled ones). */
    public Set<String> entityTypes() {
        return entityTypes;
    }

    public SanitizeResult sanitize(SanitizeRequest request, String connectionId) {
        Objects.requireNonNull(connectionId, "connectionId");
        String text = checkText(request == null ? null : request.text());
        Set<String> wanted = entityFilter(request.entities());
        double minScore = minScore(request.minScore());
        List<Finding> findings = analyzer.analyzeWithRepeats(text, wanted, minScore);
        Set<String> taken = new HashSet<>();
        List<int[]> literals = literals(text, taken);
        SanitizeResult result = vault.withSession(connectionId, session -> tokenize(text, findings, literals,
                taken, session));
        count(connectionId, result);
        return result.listingAtMost(maxEntitiesListed);
    }

    /** What {@link #sanitizeEnds} kept: the tokenized head and tail, and where in the text they end and start. */
    public record SanitizedEnds(String head, String tail, int headEnd, int tailStart) {
    }

    /**
     * The head of {@code text} before {@code headEnd} and its tail from {@code tailStart}, tokenized as in the whole
     * text, for output cut to a budget: detection reads the whole text, so data across a cut is found whole, and a
     * cut inside it moves outward (the head ends before it, the tail starts after it) so that no part of it is kept
     * raw. What lies between is neither kept nor tokenized.
     */
    public SanitizedEnds sanitizeEnds(String text, int headEnd, int tailStart, String connectionId) {
        Objects.requireNonNull(connectionId, "connectionId");
        String checked = checkText(text);
        List<Finding> findings = analyzer.analyzeWithRepeats(checked, null, defaultMinScore);
        int head = headEnd;
        int tail = tailStart;
        for (Finding f : findings) {
            if (f.start() < head && head < f.end()) {
                head = f.start();
            }
            if (f.start() < tail && tail < f.end()) {
                tail = f.end();
            }
        }
        int to = head;
        int from = tail;
        String headText = checked.substring(0, to);
        String tailText = checked.substring(from);
        List<Finding> inHead = findings.stream().filter(f -> f.end() <= to).toList();
        List<Finding> inTail = findings.stream().filter(f -> f.start() >= from)
                .map(f -> new Finding(f.entity(), f.start() - from, f.end() - from, f.score(), f.recognizer(),
                        f.pattern()))
                .toList();
        Set<String> taken = new HashSet<>();
        List<int[]> headLiterals = literals(headText, taken);
        List<int[]> tailLiterals = literals(tailText, taken);
        SanitizeResult[] parts = vault.withSession(connectionId, session -> new SanitizeResult[] {
            tokenize(headText, inHead, headLiterals, taken, session),
            tokenize(tailText, inTail, tailLiterals, taken, session)});
        count(connectionId, parts);
        return new SanitizedEnds(parts[0].text(), parts[1].text(), to, from);
    }

    /** The token-shaped literals of {@code text}, each also added to {@code taken}: never issued as new tokens. */
    private static List<int[]> literals(String text, Set<String> taken) {
        List<int[]> spans = Tokens.find(text);
        spans.forEach(span -> taken.add(text.substring(span[0], span[1])));
        return spans;
    }

    /** One sanitize call of the tenant's, and the entities its parts tokenized. */
    private void count(String connectionId, SanitizeResult... parts) {
        Counters counters = counters(connectionId);
        counters.sanitizeCalls.increment();
        for (SanitizeResult part : parts) {
            part.counts().forEach((type, n) -> counters.entitiesByType.computeIfAbsent(type, t -> new LongAdder())
                    .add(n));
        }
    }

    private static SanitizeResult tokenize(String text, List<Finding> findings, List<int[]> literals,
            Set<String> taken, PiiVault.Session session) {
        session.reserve(taken);
        List<SanitizeResult.Entity> entities = new ArrayList<>(findings.size());
        Map<String, Integer> counts = new TreeMap<>();
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        int next = 0;
        for (Finding f : findings) {
            at = escapeLiterals(text, literals, next, at, f.start(), session, out);
            next = skipLiteralsBefore(literals, next, f.end());
            String token = session.tokenFor(f.entity(), text.substring(f.start(), f.end()));
            out.append(text, at, f.start()).append(token);
            at = f.end();
            entities.add(new SanitizeResult.Entity(f.entity(), f.start(), f.end(), f.score(), token));
            counts.merge(f.entity(), 1, Integer::sum);
        }
        at = escapeLiterals(text, literals, next, at, text.length(), session, out);
        out.append(text, at, text.length());
        return new SanitizeResult(out.toString(), entities, counts);
    }

    /** Copies text up to {@code limit}, tokenizing issued-token literals lying wholly before it. */
    private static int escapeLiterals(String text, List<int[]> literals, int from, int at, int limit,
            PiiVault.Session session, StringBuilder out) {
        for (int i = from; i < literals.size() && literals.get(i)[1] <= limit; i++) {
            int[] span = literals.get(i);
            String literal = text.substring(span[0], span[1]);
            if (span[0] >= at && session.issued(literal)) {
                out.append(text, at, span[0]).append(session.tokenFor(ESCAPE_TYPE, literal));
                at = span[1];
            }
        }
        return at;
    }

    private static int skipLiteralsBefore(List<int[]> literals, int from, int end) {
        int i = from;
        while (i < literals.size() && literals.get(i)[0] < end) {
            i++;
        }
        return i;
    }

    /**
     * {@code text} with the caller's tokens put back, at most {@code pii.max-input-chars} characters long like any text
     * in.
     *
     * @throws InvalidInputException (TOO_LARGE, field "text") when the text, or the text restored, is longer
     */
    public RestoreResult restore(String text, String connectionId) {
        return restore(text, connectionId, maxInputChars, "text");
    }

    /** The longest text sanitize takes and restore gives back (pii.max-input-chars). */
    int maxInputChars() {
        return maxInputChars;
    }

    /**
     * As {@link #restore(String, String)}, the restored text held to {@code maxChars}: a token of seven characters
     * stands for a value of up to a few thousand, so a text within the input bound restored to hundreds of times its
     * length, and one request of 4 Mi characters had the server build 1.2 G of them (an OutOfMemoryError in a
     * server every tenant shares). Refused, naming {@code field}, before the text grows past the bound.
     */
    RestoreResult restore(String text, String connectionId, long maxChars, String field) {
        Objects.requireNonNull(connectionId, "connectionId");
        String checked = checkText(text);
        Counters counters = counters(connectionId);
        counters.restoreCalls.increment();
        List<int[]> spans = Tokens.find(checked);
        if (spans.isEmpty()) {
            return new RestoreResult(checked, List.of());
        }
        Set<String> unknown = new LinkedHashSet<>();
        Bound bound = new Bound(maxChars, field);
        String restored = vault.ifPresent(connectionId, session -> putBack(checked, spans, session::valueOf, unknown,
                counters.tokensRestored, bound),
                null);
        if (restored == null) {
            // No vault for this connection: none of the tokens is its own.
            restored = putBack(checked, spans, token -> null, unknown, counters.tokensRestored, bound);
        }
        return new RestoreResult(restored, List.copyOf(unknown));
    }

    /** The most characters a restored text may have, and the field a refusal names. */
    private record Bound(long maxChars, String field) {
    }

    /**
     * {@code text} with each token {@code values} knows replaced; the first unknown ones are added to {@code unknown}.
     * Its length is measured before it is built.
     */
    private String putBack(String text, List<int[]> spans, java.util.function.UnaryOperator<String> values,
            Set<String> unknown, LongAdder tokensRestored, Bound bound) {
        List<String> found = new ArrayList<>(spans.size());
        long length = text.length();
        for (int[] span : spans) {
            String value = values.apply(text.substring(span[0], span[1]));
            found.add(value);
            length += value == null ? 0 : value.length() - (span[1] - span[0]);
        }
        if (length > bound.maxChars()) {
            throw new InvalidInputException(bound.field(), "would come to more than the " + maxInputChars
                    + " characters a restore gives back (pii.max-input-chars) with its PII tokens restored; restore "
                    + "less at once", InvalidInputException.Kind.TOO_LARGE);
        }
        StringBuilder out = new StringBuilder((int) length);
        int at = 0;
        for (int i = 0; i < spans.size(); i++) {
            int[] span = spans.get(i);
            String value = found.get(i);
            if (value != null) {
                out.append(text, at, span[0]).append(value);
                at = span[1];
                tokensRestored.increment();
            } else if (unknown.size() < RestoreResult.MAX_UNKNOWN) {
                unknown.add(text.substring(span[0], span[1]));
            }
        }
        return out.append(text, at, text.length()).toString();
    }

    /** The tenant's figures since start-up, and its vaults now. */
    public PiiStats stats(String tenant) {
        Counters counters = byTenant.getOrDefault(tenant, new Counters());
        Map<String, Long> byType = new TreeMap<>();
        counters.entitiesByType.forEach((type, n) -> byType.put(type, n.sum()));
        return new PiiStats(counters.sanitizeCalls.sum(), counters.restoreCalls.sum(), byType,
                counters.tokensRestored.sum(), vault.sessionCount(tenant));
    }

    private String checkText(String text) {
        if (text == null) {
            throw new InvalidInputException("text", "is required");
        }
        if (text.length() > maxInputChars) {
            throw new InvalidInputException("text", "is " + text.length() + " characters; the limit is "
                    + maxInputChars + " (pii.max-input-chars)", InvalidInputException.Kind.TOO_LARGE);
        }
        return text;
    }

    private Set<String> entityFilter(List<String> requested) {
        if (requested == null || requested.isEmpty()) {
            return null;
        }
        for (String type : requested) {
            if (type == null) {
                throw new InvalidInputException("entities", "must be a list of entity type names, not null; "
                        + knownTypes());
            }
            if (!entityTypes.contains(type)) {
                throw new InvalidInputException("entities", "'" + InvalidInputException.echo(type)
                        + "' is not an enabled entity type; "
                        + knownTypes());
            }
        }
        return Set.copyOf(requested);
    }

    private String knownTypes() {
        return "known: " + String.join(", ", new java.util.TreeSet<>(entityTypes));
    }

    private double minScore(Double requested) {
        if (requested == null) {
            return defaultMinScore;
        }
        if (requested.isNaN() || requested < 0 || requested > 1) {
            throw new InvalidInputException("min_score", "must be between 0 and 1, was " + requested);
        }
        return requested;
    }
}
