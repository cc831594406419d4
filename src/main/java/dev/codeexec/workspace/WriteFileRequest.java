package dev.codeexec.workspace;

/**
 * A write as the caller asked for it; null fields take their defaults.
 *
 * @param encoding utf-8 (default) or base64: how {@code content} is encoded
 * @param mode     overwrite (default), append, or create (fails if the file exists)
 */
public record WriteFileRequest(String path, String content, String encoding, String mode) {
}
