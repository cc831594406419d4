package dev.codeexec.skills;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every store test again on PostgreSQL, where a failed statement aborts its transaction, unlike on H2. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
@ExtendWith(PostgresAvailable.class)
class PostgresSkillStoreTest extends SkillStoreTest {

    @Override
    String activeDatasource() {
        return "postgresql";
    }
}
