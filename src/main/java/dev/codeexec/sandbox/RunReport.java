package dev.codeexec.sandbox;

import java.util.List;

/**
 * What a run reports beside its result: the workspace files it created or changed (at most
 * {@link ProducedFile#MAX_LISTED}, never under {@link OutputPlan#RUNS_DIR}) and how many more it did (at least that
 * many when {@code moreNotCounted}: a run remembers a bounded number of files), the spill files its output went to,
 * its context figures, and what each output stream weighs in all as a terminal shows it ({@link TerminalText}) and a
 * tool result carries it ({@link Utf8#shownWeight}): the text its inline copy is cut from, in the budget's unit.
 */
public record RunReport(List<ProducedFile> files, int filesNotListed, boolean moreNotCounted,
        List<ProducedFile> spills, ContextBytes context, long stdoutWeight, long stderrWeight) {

    public static final RunReport EMPTY = new RunReport(List.of(), 0, false, List.of(), ContextBytes.NONE, 0, 0);

    public RunReport {
        files = files == null ? List.of() : List.copyOf(files);
        spills = spills == null ? List.of() : List.copyOf(spills);
        context = context == null ? ContextBytes.NONE : context;
    }
}
