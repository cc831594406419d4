package dev.codeexec.pii;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;

/**
 * CRYPTO: Bitcoin addresses, legacy and P2SH in base58check (double SHA-256 checksum) and segwit in
 * bech32 or bech32m (BCH checksum). Only addresses whose checksum verifies are reported.
 */
public final class CryptoRecognizer implements Recognizer {

    private static final String BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    private static final String BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("base58", "[13][1-9A-HJ-NP-Za-km-z]{25,34}", 0.5),
            PiiPattern.caseInsensitive("bech32", "bc1[02-9ac-hj-np-z]{11,71}", 0.5));

    @Override
    public String entity() {
        return "CRYPTO";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("bitcoin", "btc", "wallet", "crypto", "address");
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 90;
    }

    /** Base58 addresses begin with 1 or 3, segwit ones with bc1. */
    @Override
    public int minDigits() {
        return 1;
    }

    /** 26 base58 chars, or bc1 and eleven bech32 chars. */
    @Override
    public int minLength(PiiPattern pattern) {
        return pattern.name().equals("base58") ? 26 : 14;
    }

    /**
     * Every char of a match is of the pattern's alphabet, so a match lies inside one run of such
     * chars: a base58 one from a 1 or 3 on, a bech32 one from "bc1" on. Runs too short for a match are
     * not searched; this spares the regex most of prose and of PEM bodies' short runs.
     */
    @Override
    public int[] parts(String text, int from, int to, PiiPattern pattern) {
        boolean base58 = pattern.name().equals("base58");
        Parts parts = new Parts(from, to, minLength(pattern));
        int i = from;
        while (i < to) {
            char c = text.charAt(i);
            if (base58 ? c == '1' || c == '3' : isBc1(text, i, to)) {
                int end = base58 ? i + 1 : i + 3;
                while (end < to && (base58 ? isBase58(text.charAt(end)) : isBech32(text.charAt(end)))) {
                    end++;
                }
                parts.add(i, end);
                // A run's last two chars may begin the next "bc1" (the 1 ends the run); parts that
                // overlap are merged.
                i = base58 ? end : end - 2;
            } else {
                i++;
            }
        }
        return parts.toArray();
    }

    private static boolean isBase58(char c) {
        return c < 128 && BASE58.indexOf(c) >= 0;
    }

    /** The bech32 class folded as RE2J's case-insensitive mode does (long s and Kelvin sign included). */
    private static boolean isBech32(char c) {
        char f = DateOfBirthRecognizer.fold(c);
        return f < 128 && BECH32.indexOf(f) >= 0;
    }

    private static boolean isBc1(String text, int i, int to) {
        return i + 3 <= to && DateOfBirthRecognizer.fold(text.charAt(i)) == 'b'
                && DateOfBirthRecognizer.fold(text.charAt(i + 1)) == 'c' && text.charAt(i + 2) == '1';
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        boolean ok = pattern.equals("base58") ? base58Check(candidate) : bech32Check(candidate);
        return ok ? Verdict.VALID : Verdict.INVALID;
    }

    static boolean base58Check(String s) {
        BigInteger n = BigInteger.ZERO;
        for (int i = 0; i < s.length(); i++) {
            n = n.multiply(BigInteger.valueOf(58)).add(BigInteger.valueOf(BASE58.indexOf(s.charAt(i))));
        }
        byte[] raw = n.toByteArray();
        int leadingOnes = 0;
        while (leadingOnes < s.length() && s.charAt(leadingOnes) == '1') {
            leadingOnes++;
        }
        byte[] body = raw.length > 0 && raw[0] == 0 ? Arrays.copyOfRange(raw, 1, raw.length) : raw;
        byte[] full = new byte[leadingOnes + body.length];
        System.arraycopy(body, 0, full, leadingOnes, body.length);
        if (full.length != 25) {
            return false;
        }
        byte[] hash = sha256(sha256(Arrays.copyOfRange(full, 0, 21)));
        return Arrays.equals(Arrays.copyOfRange(hash, 0, 4), Arrays.copyOfRange(full, 21, 25));
    }

    static boolean bech32Check(String s) {
        boolean lower = s.equals(s.toLowerCase(java.util.Locale.ROOT));
        boolean upper = s.equals(s.toUpperCase(java.util.Locale.ROOT));
        if (!lower && !upper) {
            return false;
        }
        String a = s.toLowerCase(java.util.Locale.ROOT);
        int[] values = new int[2 * 2 + 1 + a.length() - 3];
        values[0] = 'b' >> 5;
        values[1] = 'c' >> 5;
        values[2] = 0;
        values[3] = 'b' & 31;
        values[4] = 'c' & 31;
        for (int i = 3; i < a.length(); i++) {
            values[5 + i - 3] = BECH32.indexOf(a.charAt(i));
        }
        int polymod = polymod(values);
        return polymod == 1 || polymod == 0x2bc830a3; // bech32 (v0) or bech32m (v1+)
    }

    private static int polymod(int[] values) {
        int[] gen = {0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3};
        int chk = 1;
        for (int v : values) {
            int top = chk >>> 25;
            chk = (chk & 0x1ffffff) << 5 ^ v;
            for (int i = 0; i < 5; i++) {
                if ((top >>> i & 1) == 1) {
                    chk ^= gen[i];
                }
            }
        }
        return chk;
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM ships SHA-256", e);
        }
    }

    /** Letters and digits. */
    @Override
    public boolean inMatch(int c) {
        return c < 128 && Character.isLetterOrDigit(c);
    }
}
