package dev.codeexec.mcp;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The same bridge calls against the in-process executor. */
@QuarkusTest
@TestProfile(InProcessIsolation.class)
class InProcessHostBridgeTest extends HostBridgeTest {

    /**
     * Over the host's budget (sandbox.bridge.max-args-chars, 4 Mi by default), which is the bound in this isolation:
     * the worker's 18 Mi chars took this JVM about 20 s to build and hand over.
     */
    @Override
    String oversizedText() {
        return "'x' * (4 * 2**20 + 1)";
    }
}
