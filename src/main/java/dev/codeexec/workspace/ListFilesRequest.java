package dev.codeexec.workspace;

/**
 * A directory listing; null fields take their defaults.
 *
 * @param path      directory relative to the workspace, default "."
 * @param pattern   glob matched against each entry's file name, e.g. {@code *.csv}
 * @param recursive whether to descend into subdirectories, default false
 * @param limit     entries per page, 1 to 1000, default 200
 * @param offset    entries to skip, default 0
 */
public record ListFilesRequest(String path, String pattern, Boolean recursive, Integer limit, Integer offset) {

    public static final int DEFAULT_LIMIT = 200;
    public static final int MAX_LIMIT = 1000;
    public static final int MAX_PATTERN = 256;
}
