package dev.codeexec.skills;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What a skill version's {@code saved_by} shows. An MCP caller's id is its tenant and its MCP session id, and that
 * id, presented as {@code Mcp-Session-Id} with the tenant's token, is the connection: its PII vault, its runs. Every
 * caller of the tenant reads saved_by, so a connection is shown by a label derived from its id, alike for its saves
 * and unreadable back to the id: {@code alpha/connection-3f9a0c21b7d4}. The REST caller, the starter files and
 * labels already made are shown as they are, so rows stored with a raw id read the same way.
 */
final class SaverLabel {

    private static final String CONNECTION = "connection-";
    private static final int HEX_DIGITS = 12;

    private SaverLabel() {
    }

    static String of(String savedBy) {
        int slash = savedBy.indexOf('/');
        if (slash < 0) {
            return savedBy; // "starter", "unknown"
        }
        String connection = savedBy.substring(slash + 1);
        if (connection.equals("rest") || connection.startsWith(CONNECTION)) {
            return savedBy;
        }
        return savedBy.substring(0, slash + 1) + CONNECTION + HexFormat.of().formatHex(sha256(savedBy))
                .substring(0, HEX_DIGITS);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
