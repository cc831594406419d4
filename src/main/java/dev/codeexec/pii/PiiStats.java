package dev.codeexec.pii;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/** Counters since start-up: calls, entities found per type, tokens put back, sessions in the vault. */
public record PiiStats(@JsonProperty("sanitize_calls") long sanitizeCalls,
        @JsonProperty("restore_calls") long restoreCalls,
        @JsonProperty("entities_by_type") Map<String, Long> entitiesByType,
        @JsonProperty("tokens_restored") long tokensRestored,
        @JsonProperty("vault_sessions") int vaultSessions) {
}
