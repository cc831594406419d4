package dev.codeexec.pii;

import java.util.List;

/** SLACK_TOKEN: bot, user, app and refresh tokens ({@code xox?-}) and incoming-webhook URLs. */
public final class SlackTokenRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("token", "xox[abposr]-(?:[0-9]{6,16}-){1,3}[A-Za-z0-9]{16,64}", 0.9),
            PiiPattern.of("app-token", "xapp-\\d-[A-Z0-9]{9,12}-\\d{10,16}-[a-f0-9]{32,64}", 0.9),
            PiiPattern.of("webhook", "https://hooks\\.slack\\.com/services/T[A-Z0-9]{6,12}/B[A-Z0-9]{6,12}/"
                    + "[A-Za-z0-9]{20,32}", 0.95));

    @Override
    public String entity() {
        return "SLACK_TOKEN";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("slack", "token", "webhook", "bot");
    }

    @Override
    public Trigger trigger() {
        return Trigger.literal("xox", "xapp-", "hooks.slack.com");
    }

    @Override
    public int maxLength() {
        return 120;
    }

    /** Tokens begin with their trigger; webhooks eight chars before it ({@code https://}). */
    @Override
    public int maxLead() {
        return 8;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        return Verdict.PLAUSIBLE;
    }

    /** Anything but white space. */
    @Override
    public boolean inMatch(int c) {
        return !Character.isWhitespace(c);
    }
}
