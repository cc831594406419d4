package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The host's messages as GraalPy 25.0 gives them under the sandbox's context, and what the caller is told. */
class HostRefusalTest {

    @Test
    void theHostsDenialsAreRefusals() {
        assertEquals("RuntimeError: creating threads is not allowed in the sandbox",
                HostRefusal.describe("java.lang.IllegalStateException: Creating threads is not allowed."));
        assertEquals("OSError: [Errno 97] network access is not available in the sandbox", HostRefusal.describe(
                "com.oracle.graal.python.runtime.PosixSupportLibrary$UnsupportedPosixFeatureException: socket was excluded"));
        assertEquals("PermissionError: [Errno 1] operation not permitted in the sandbox", HostRefusal.describe(
                "com.oracle.graal.python.runtime.PosixSupportLibrary$UnsupportedPosixFeatureException: getaddrinfo was excluded"));
        assertEquals("PermissionError: [Errno 1] operation not permitted in the sandbox",
                HostRefusal.describe("java.lang.SecurityException: Operation is not allowed for: /tmp"));
    }

    @Test
    void anInternalErrorOfTheInterpreterIsNotCalledARefusal() {
        // A builtin given values it has no case for; the values (which could be the caller's data) are not repeated.
        String message = "com.oracle.truffle.api.dsl.UnsupportedSpecializationException: Unexpected values provided for "
                + "SREModuleBuiltinsFactory.TRegexSearchFactory.TRegexSearchNodeGen@4bd1b07d: [1, 2], [Integer,Integer]";
        assertEquals("SystemError: the interpreter failed internally (UnsupportedSpecializationException); this is not a "
                + "sandbox refusal, and another way to do the same may work", HostRefusal.describe(message));
        assertEquals("NullPointerException", HostRefusal.exceptionName("java.lang.NullPointerException: a socket"));
        assertEquals("unknown", HostRefusal.exceptionName("no class name here"));
        assertEquals("unknown", HostRefusal.exceptionName(null));
    }
}
