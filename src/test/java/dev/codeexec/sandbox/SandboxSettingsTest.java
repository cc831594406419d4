package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SandboxSettingsTest {

    @Test
    void settingsRejectUnknownValues() {
        assertEquals(SandboxSettings.Jit.AUTO, SandboxSettings.Jit.parse(" Auto "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SandboxSettings.Jit.parse("fast"));
        assertTrue(e.getMessage().contains("sandbox.jit"));
        assertThrows(IllegalArgumentException.class, () -> SandboxSettings.Isolation.parse("docker"));
    }
}
