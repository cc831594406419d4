package dev.codeexec.mcp;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The same session behaviour in the in-process executor. */
@QuarkusTest
@TestProfile(InProcessIsolation.class)
class InProcessSessionsTest extends SessionsTest {
}
