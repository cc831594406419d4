package dev.codeexec.pii;

import java.util.List;

/** MAC_ADDRESS: six hex pairs joined by one consistent separator, or Cisco's three dotted quads. */
public final class MacAddressRecognizer implements Recognizer {

    private static final PiiPattern PAIRS = PiiPattern.of("pairs",
            "[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{2}){4}", 0.6);
    private static final PiiPattern CISCO = PiiPattern.of("cisco",
            "[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}", 0.5);

    @Override
    public String entity() {
        return "MAC_ADDRESS";
    }

    @Override
    public List<PiiPattern> patterns() {
        return List.of(PAIRS, CISCO);
    }

    @Override
    public List<String> contextWords() {
        return List.of("mac", "hardware address", "ethernet", "wifi", "wi-fi", "device");
    }

    @Override
    public Trigger trigger() {
        return Trigger.anyChar(":-");
    }

    @Override
    public Trigger trigger(PiiPattern pattern) {
        return pattern == CISCO ? Trigger.anyChar(".") : Trigger.anyChar(":-");
    }

    @Override
    public int maxLength() {
        return 17;
    }

    /** Six pairs and five separators, or three quads and two dots. */
    @Override
    public int minLength(PiiPattern pattern) {
        return pattern == PAIRS ? 17 : 14;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        if (pattern.equals("pairs")) {
            char sep = candidate.charAt(2);
            for (int i = 2; i < candidate.length(); i += 3) {
                if (candidate.charAt(i) != sep) {
                    return Verdict.INVALID;
                }
            }
        }
        // A dotted triple of plain numbers is more likely a version or a date than a Cisco MAC.
        boolean hasHexLetter = candidate.chars().anyMatch(c -> Character.isLetter(c));
        return pattern.equals("cisco") && !hasHexLetter ? Verdict.INVALID : Verdict.PLAUSIBLE;
    }

    /** Hex digits and the three separators. */
    @Override
    public boolean inMatch(int c) {
        return Character.digit(c, 16) >= 0 || c == ':' || c == '-' || c == '.';
    }
}
