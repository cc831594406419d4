package dev.codeexec.bridge;

/**
 * A refusal that names a finer, stable reason than its kind. The bridge reply carries it as {@code code}, beside the
 * message, so a guest module can raise an exception class of its own for it: guest code can then decide (to retry,
 * say) without reading a message written for people, which may change.
 */
public interface CodedRefusal {

    /** A stable snake_case code, e.g. {@code upstream_timeout}. */
    String code();
}
