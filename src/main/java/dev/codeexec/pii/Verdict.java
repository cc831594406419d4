package dev.codeexec.pii;

/** What a recognizer's validator concluded about one candidate match. */
public enum Verdict {
    /** A checksum or authoritative check passed (Luhn, mod-97, base58check): the score becomes 1.0. */
    VALID,
    /** Nothing disproves it, but nothing proves it either: the pattern's score stands. */
    PLAUSIBLE,
    /** It looks like the entity but is not one (failed checksum, reserved range): dropped. */
    INVALID
}
