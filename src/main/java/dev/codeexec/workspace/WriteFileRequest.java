package dev.codeexec.workspace;

import java.util.List;

/**
 * A write as the caller asked for it; null fields take their defaults.
 *
 * @param encoding utf-8 (default) or base64: how {@code content} is encoded
 * @param mode     overwrite (default), append, or create (fails if the file exists)
 */
public record WriteFileRequest(String path, String content, String encoding, String mode) {

    /** How content is encoded, on writes and reads alike; the first is the default. */
    public static final List<String> ENCODINGS = List.of("utf-8", "base64");
    public static final List<String> MODES = List.of("overwrite", "append", "create");
}
