package dev.codeexec.pii;

import dev.codeexec.InvalidInputException;
import dev.codeexec.sandbox.CutMarker;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionLimits;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.sandbox.Utf8;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Function;
import java.util.function.IntPredicate;

/**
 * execute_code with {@code sanitize_output}: stdout and stderr are tokenized in the caller's vault before they are
 * returned, so data the code read from files reaches the model only as tokens.
 *
 * <p>Output past the inline budget is cut here, after detection, not by the sandbox: a cut made first split what
 * lay across it, and the half of an address or card number before the cut was not recognised and came back raw. The
 * sandbox keeps {@link #CONTEXT_BYTES} more on each side of its cuts, detection reads them, and the cuts here move
 * off anything detected. Nothing is spilled to a file, which would keep the raw text where the model can read it.
 */
@ApplicationScoped
public class OutputSanitizer {

    /** Bytes kept past each cut for detection: more than any bounded kind of personal data is long. */
    static final int CONTEXT_BYTES = 8192;

    private final PiiService pii;
    private final SandboxService sandbox;

    public OutputSanitizer(PiiService pii, SandboxService sandbox) {
        this.pii = pii;
        this.sandbox = sandbox;
    }

    /**
     * Runs {@code command} through {@code run} with its output sanitized for {@code owner}'s vault.
     *
     * @throws InvalidInputException naming max_inline_bytes outside its bounds, before anything runs
     */
    public ExecutionResult run(ExecuteCommand command, String owner, Function<ExecuteCommand, ExecutionResult> run) {
        int asked = sandbox.inlineBytes(command.maxInlineBytes());
        int kept = Math.min(ExecutionLimits.MAX_INLINE_BYTES, asked + 2 * CONTEXT_BYTES);
        int budget = Math.min(asked, kept - 2 * CONTEXT_BYTES);
        ExecutionResult result = run.apply(command.sanitized(kept));
        Cut stdout = cut(result.stdout(), result.reportOrEmpty().stdoutWeight(), budget, owner);
        Cut stderr = cut(result.stderr(), result.reportOrEmpty().stderrWeight(), budget, owner);
        return result.withText(stdout.text(), stderr.text(), stdout.cut() || stderr.cut());
    }

    /**
     * Refuses sanitize_output for a run that may go on in the background: the pages read later with get_execution
     * could not be tokenized, so the flag would silently not hold.
     */
    public static void requireSynchronous(boolean sanitize, boolean background) {
        if (sanitize && background) {
            throw new InvalidInputException("sanitize_output", "cannot be combined with background or wait_s; pass "
                    + "a background run's output through sanitize_pii");
        }
    }

    private record Cut(String text, boolean cut) {
    }

    /** Tries at most this many cuts of the raw text for tokenized ends within the budget. */
    private static final int MAX_CUTS = 4;

    /**
     * One stream tokenized, cut to {@code budget} bytes around a marker when longer. {@code weight} is what the whole
     * stream weighs shown ({@link Utf8#shownWeight}; 0 when the result does not say: then the text is all of it).
     */
    private Cut cut(String text, long weight, int budget, String owner) {
        if (text.isEmpty()) {
            return new Cut(text, false);
        }
        // The budget holds as the sandbox's own cut holds it, for the text as shown (never less than its bytes):
        // printed control characters come back as six-character escapes, and 1,000 of them filled six times a 1 KiB
        // budget. The marker counts the same way, so that its "of N" is over the budget exactly when the text is cut
        // (it counted bytes: "left out of 1001" for a stream cut at a budget of 1024). A host note the server added
        // to the text is in it but not in the stream's weight.
        long whole = Math.max(weight, Utf8.shownLength(text));
        if (whole <= budget) {
            return new Cut(pii.sanitize(new SanitizeRequest(text), owner).text(), false);
        }
        IntPredicate newlineAt = i -> text.charAt(i) == '\n';
        int headBudget = CutMarker.headBytes(budget);
        int tailBudget = CutMarker.tailBytes(budget);
        int headRaw = headBudget;
        int tailRaw = tailBudget;
        PiiService.SanitizedEnds ends;
        // Tokens are longer than much of what they replace: cut the raw text shorter until the tokenized ends fit.
        for (int attempt = 1;; attempt++) {
            ends = pii.sanitizeEnds(text, CutMarker.lineHeadEnd(newlineAt, Utf8.prefixWithin(text, headRaw)),
                    CutMarker.lineTailStart(newlineAt, Utf8.suffixWithin(text, tailRaw), text.length()), owner);
            long head = Utf8.shownLength(ends.head());
            long tail = Utf8.shownLength(ends.tail());
            if ((head <= headBudget && tail <= tailBudget) || attempt == MAX_CUTS) {
                break;
            }
            headRaw = head <= headBudget ? headRaw : (int) (headRaw * (long) headBudget / head) * 15 / 16;
            tailRaw = tail <= tailBudget ? tailRaw : (int) (tailRaw * (long) tailBudget / tail) * 15 / 16;
        }
        long left = whole - Utf8.shownLength(text.substring(0, ends.headEnd()))
                - Utf8.shownLength(text.substring(ends.tailStart()));
        boolean midLine = !ends.head().isEmpty() && !ends.head().endsWith("\n");
        return new Cut(ends.head() + CutMarker.line(midLine, left, " of " + whole) + ends.tail(), true);
    }
}
