package dev.codeexec.pii;

import java.util.List;

/**
 * An operator-defined recognizer from the custom recognizers file: RE2J patterns, context words and
 * scores, no validator. Its patterns have no known trigger, so they search the whole text; RE2J keeps
 * that linear whatever the operator writes.
 */
final class CustomRecognizer implements Recognizer {

    private final String entity;
    private final List<PiiPattern> patterns;
    private final List<String> context;
    private final boolean requiresContext;

    CustomRecognizer(String entity, List<PiiPattern> patterns, List<String> context, boolean requiresContext) {
        this.entity = entity;
        this.patterns = List.copyOf(patterns);
        this.context = context.stream().map(w -> w.toLowerCase(java.util.Locale.ROOT)).toList();
        this.requiresContext = requiresContext;
    }

    @Override
    public String name() {
        return "custom:" + entity;
    }

    @Override
    public String entity() {
        return entity;
    }

    @Override
    public List<PiiPattern> patterns() {
        return patterns;
    }

    @Override
    public List<String> contextWords() {
        return context;
    }

    @Override
    public boolean requiresContext() {
        return requiresContext;
    }

    @Override
    public Trigger trigger() {
        return new Trigger.Everywhere();
    }

    @Override
    public int maxLength() {
        return Integer.MAX_VALUE / 4;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        return Verdict.PLAUSIBLE;
    }
}
