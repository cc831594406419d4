package dev.codeexec.mcp;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The same bridge calls against the in-process executor. */
@QuarkusTest
@TestProfile(InProcessIsolation.class)
class InProcessHostBridgeTest extends HostBridgeTest {
}
