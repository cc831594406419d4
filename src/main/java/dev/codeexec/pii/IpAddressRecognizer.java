package dev.codeexec.pii;

import java.util.List;

/** IP_ADDRESS: dotted IPv4 with octets up to 255, and IPv6 (with {@code ::} and IPv4 tails) parsed in full. */
public final class IpAddressRecognizer implements Recognizer {

    private static final PiiPattern V4 = PiiPattern.of("ipv4", "\\d{1,3}(?:\\.\\d{1,3}){3}", 0.6).shaped(".", 1, 4, 4);
    private static final PiiPattern V6 = PiiPattern.of("ipv6",
            "[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:\\.\\d{1,3}){0,3}", 0.6);

    @Override
    public String entity() {
        return "IP_ADDRESS";
    }

    @Override
    public List<PiiPattern> patterns() {
        return List.of(V4, V6);
    }

    @Override
    public List<String> contextWords() {
        return List.of("ip", "address", "host", "server", "client");
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public Trigger trigger(PiiPattern pattern) {
        return pattern == V6 ? Trigger.anyChar(":") : Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 45;
    }

    /** An IPv4 address has four digits, an IPv6 address at least one (validation). */
    @Override
    public int minDigits() {
        return 1;
    }

    /** {@code 1.2.3.4}; an IPv6 match has two colons at least. */
    @Override
    public int minLength(PiiPattern pattern) {
        return pattern == V4 ? 7 : 2;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        return (pattern.equals("ipv4") ? isIpv4(candidate) : isIpv6(candidate)) ? Verdict.PLAUSIBLE : Verdict.INVALID;
    }

    /** Also checks an IPv6 match's dotted tail, which may start with a hex group: {@code 5E} of {@code ::5E.1.2.3}. */
    static boolean isIpv4(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !decimal(p) || p.length() > 1 && p.charAt(0) == '0'
                    || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return true;
    }

    static boolean isIpv6(String s) {
        String hex = s;
        int extra = 0;
        if (s.indexOf('.') >= 0) {
            int lastColon = s.lastIndexOf(':');
            if (!isIpv4(s.substring(lastColon + 1))) {
                return false;
            }
            // The dotted tail fills two groups: one placeholder here, one counted in extra.
            hex = s.substring(0, lastColon + 1) + "0";
            extra = 1;
        }
        int gap = hex.indexOf("::");
        if (gap >= 0 && hex.indexOf("::", gap + 1) >= 0 || !hasDigit(s)) {
            return false;
        }
        String[] groups = hex.replace("::", ":z:").split(":", -1);
        int count = 0;
        for (int i = 0; i < groups.length; i++) {
            String g = groups[i];
            if (g.isEmpty()) {
                boolean besideGap = i == 0 && groups.length > 1 && groups[1].equals("z")
                        || i == groups.length - 1 && i > 0 && groups[i - 1].equals("z");
                if (!besideGap) {
                    return false;
                }
            } else if (!g.equals("z")) {
                if (g.length() > 4) {
                    return false;
                }
                count++;
            }
        }
        int total = count + extra;
        return gap >= 0 ? total <= 7 : total == 8;
    }

    private static boolean decimal(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean hasDigit(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isDigit(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** Hex digits, dots and colons. */
    @Override
    public boolean inMatch(int c) {
        return Character.digit(c, 16) >= 0 || c == '.' || c == ':';
    }
}
