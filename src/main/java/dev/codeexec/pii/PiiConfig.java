package dev.codeexec.pii;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Operator settings under {@code pii.*}; defaults and limits are listed in docs/pii.md. */
@ConfigMapping(prefix = "pii")
public interface PiiConfig {

    /** Largest text sanitize or restore accepts, in UTF-16 characters (as JSON strings count them). */
    @WithDefault("4194304")
    int maxInputChars();

    /**
     * Entities a sanitize result lists, each with its offsets; the text and the counts cover every one. Without a
     * bound, a 4 MiB text of short matches listed half a million (115 MB of JSON, twice over MCP).
     */
    @WithDefault("1000")
    int maxEntitiesListed();

    /** Findings scoring below this are not tokenized unless the caller passes its own min_score. */
    @WithDefault("0.5")
    double defaultMinScore();

    /** Entity types never detected, e.g. {@code URL,DATE_OF_BIRTH}. */
    Optional<List<String>> disabledEntities();

    /** A YAML or JSON file of operator-defined recognizers (format in docs/pii.md). */
    Optional<Path> customRecognizersFile();

    Vault vault();

    interface Vault {
        /** Distinct values one session may tokenize; beyond it sanitize is refused rather than leak. */
        @WithDefault("10000")
        int maxEntriesPerSession();

        /** Vaults kept at once per tenant; the tenant's least recently used is dropped to admit a new one. */
        @WithDefault("1000")
        int maxSessions();

        /**
         * Estimated heap bytes all of one tenant's vaults may hold together (two per character plus about 160 per
         * entry); beyond it sanitize is refused rather than leak.
         */
        @WithDefault("16777216")
        long maxBytesPerTenant();

        /** A session untouched this long is forgotten, tokens and values alike. */
        @WithDefault("30m")
        Duration idleTtl();
    }
}
