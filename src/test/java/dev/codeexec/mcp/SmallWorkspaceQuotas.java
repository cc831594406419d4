package dev.codeexec.mcp;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** A private workspace with quotas small enough for tests to fill: 1 MiB per file, 4 MiB and 40 entries in all. */
public class SmallWorkspaceQuotas implements QuarkusTestProfile {

    static final long MAX_FILE_BYTES = 1 << 20;
    static final long MAX_TOTAL_BYTES = 4 << 20;
    static final int MAX_FILES = 40;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "sandbox.workspace", "target/small-quota-workspace",
                "sandbox.max-concurrent", "2",
                "workspace.max-file-bytes", Long.toString(MAX_FILE_BYTES),
                "workspace.max-total-bytes", Long.toString(MAX_TOTAL_BYTES),
                "workspace.max-files", Integer.toString(MAX_FILES));
    }
}
