package dev.codeexec.mcp;

import dev.codeexec.pii.PiiService;
import dev.codeexec.pii.RestoreResult;
import dev.codeexec.pii.SanitizeRequest;
import dev.codeexec.pii.SanitizeResult;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import java.util.List;

/** MCP adapter for PII tokenization; the vault is this connection's. */
public class PiiTools {

    private final PiiService pii;
    private final ToolResults results;

    public PiiTools(PiiService pii, ToolResults results) {
        this.pii = pii;
        this.results = results;
    }

    @Tool(name = "sanitize_pii", description = """
            Replace personal data and secrets in a text with tokens such as <EMAIL_ADDRESS_1>, so the values \
            never enter your context. Detects EMAIL_ADDRESS, PHONE_NUMBER, CREDIT_CARD, IBAN_CODE, IP_ADDRESS, \
            URL, US_SSN, US_ITIN, US_BANK_NUMBER, US_DRIVER_LICENSE, US_PASSPORT, UK_NHS, UK_NINO, CRYPTO, \
            MAC_ADDRESS, DATE_OF_BIRTH, AWS_ACCESS_KEY, GITHUB_TOKEN, SLACK_TOKEN, JWT, PRIVATE_KEY and SECRET \
            (plus operator-defined types). The same value always gets the same token on this connection; \
            use restore_pii to put values back where a tool needs them. Returns text, entities \
            (type, start, end in UTF-16 units of the input, score, token) and counts per type. \
            Input up to 10 MiB of text; an error names the field and limit that was broken.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = SanitizeResult.class),
            annotations = @Tool.Annotations(title = "Sanitize PII", readOnlyHint = false, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse sanitizePii(
            @ToolArg(description = "Text to sanitize, up to 10485760 UTF-16 characters") String text,
            @ToolArg(description = "Only these entity types, e.g. [\"EMAIL_ADDRESS\", \"CREDIT_CARD\"]; "
                    + "omit for all enabled types", required = false)
            List<String> entities,
            @ToolArg(name = "min_score", description = "Minimum confidence from 0.0 to 1.0 for a finding to be "
                    + "tokenized; omit for the server default (0.5)", required = false)
            Double minScore,
            McpConnection connection) {
        return results.call(() -> pii.sanitize(new SanitizeRequest(text, entities, minScore), connection.id()));
    }

    @Tool(name = "restore_pii", description = """
            Put back the original values of tokens that sanitize_pii issued on this connection, e.g. before \
            writing a report or calling a tool that needs the real e-mail address. Everything else, including \
            tokens this connection never issued or that expired (30 idle minutes), is returned unchanged. \
            Input up to 10 MiB of text.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = RestoreResult.class),
            annotations = @Tool.Annotations(title = "Restore PII", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse restorePii(
            @ToolArg(description = "Text containing tokens such as <EMAIL_ADDRESS_1>, up to 10485760 UTF-16 "
                    + "characters") String text,
            McpConnection connection) {
        return results.call(() -> pii.restore(text, connection.id()));
    }
}
