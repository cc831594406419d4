package dev.codeexec.skills;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs PostgreSQL test classes only where a database is configured. A developer without one sees them skipped
 * with the reason; CI (CI=true) fails instead, because a skipped test there would hide a regression.
 */
public class PostgresAvailable implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (PostgresProfile.env(PostgresProfile.URL_ENV).isPresent()) {
            return ConditionEvaluationResult.enabled(PostgresProfile.URL_ENV + " is set");
        }
        String reason = PostgresProfile.URL_ENV + " is not set, so the PostgreSQL tests cannot run: "
                + "start a database with .ci/postgres and export its URL (see .ci/run)";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true: " + reason);
        }
        return ConditionEvaluationResult.disabled(reason);
    }
}
