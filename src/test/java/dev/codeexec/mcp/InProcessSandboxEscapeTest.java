package dev.codeexec.mcp;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The same escape attempts against the in-process executor, which must hold them too. */
@QuarkusTest
@TestProfile(InProcessIsolation.class)
class InProcessSandboxEscapeTest extends SandboxEscapeTest {
}
