package dev.codeexec.skills;

import dev.codeexec.rest.TenantBudgets;
import dev.codeexec.rest.TokenProfile;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The same server on PostgreSQL: codeexec.db.kind=postgresql with the database .ci/postgres made, named by
 * CODEEXEC_TEST_PG_URL, _USER and _PASSWORD. It also carries the tenants' tokens and their small budgets
 * ({@link TenantBudgets}), so the skills tests and TenantBudgetsTest share one start: each start of a profile costs
 * the suite a build of the application, a server and its workers. The classes that need PostgreSQL also carry
 * {@link PostgresAvailable}.
 */
public class PostgresProfile implements QuarkusTestProfile {

    public static final String URL_ENV = "CODEEXEC_TEST_PG_URL";

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(TokenProfile.tenantTokens());
        // One worker JVM instead of one per core: this start pays for every worker it warms, and the tests here
        // run one execution at a time (concurrent saves queue for their compile check).
        overrides.put("sandbox.max-concurrent", "1");
        overrides.putAll(TenantBudgets.overrides());
        // Without the URL the tests are skipped (or fail, in CI) before the server starts; H2 keeps a build valid.
        Optional<String> url = env(URL_ENV);
        overrides.put("codeexec.db.kind", url.isPresent() ? "postgresql" : "h2");
        url.ifPresent(u -> overrides.put("codeexec.db.url", u));
        env("CODEEXEC_TEST_PG_USER").ifPresent(u -> overrides.put("codeexec.db.username", u));
        env("CODEEXEC_TEST_PG_PASSWORD").ifPresent(p -> overrides.put("codeexec.db.password", p));
        return overrides;
    }

    static Optional<String> env(String name) {
        return Optional.ofNullable(System.getenv(name)).filter(v -> !v.isBlank());
    }
}
