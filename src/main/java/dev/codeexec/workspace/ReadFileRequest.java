package dev.codeexec.workspace;

/**
 * A ranged read; null fields take their defaults.
 *
 * @param offset   first byte to return, default 0
 * @param length   bytes to return, default (and at most) the configured page size
 * @param encoding utf-8 (default) or base64: how the returned content is encoded
 */
public record ReadFileRequest(String path, Long offset, Long length, String encoding) {
}
