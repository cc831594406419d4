package dev.codeexec.skills;

import dev.codeexec.mcp.InProcessIsolation;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Tag;

/** The same guest-module checks with the in-process executor: skills must work in both isolation modes. */
@QuarkusTest
@TestProfile(InProcessIsolation.class)
@Tag("bridge")
class InProcessSkillsBridgeTest extends SkillsBridgeTest {
}
