package dev.codeexec.rest;

import dev.codeexec.skills.PostgresAvailable;
import dev.codeexec.skills.PostgresProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.extension.ExtendWith;

/** The tenant tests again with the skills store on PostgreSQL. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
@ExtendWith(PostgresAvailable.class)
class PostgresTenantIsolationTest extends TenantIsolationTest {
}
