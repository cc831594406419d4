package dev.codeexec.config;

import dev.codeexec.sandbox.pool.EarlyWorker;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Entry point of the server. It sets what a library reads once, when its classes load, and so
 * must be fixed before Quarkus starts; then it hands over to Quarkus.
 */
@QuarkusMain
public final class ServerMain {

    /**
     * Where the H2 server of a shared database listens. With {@code AUTO_SERVER=TRUE} the first
     * process to open the database serves it to the others over TCP; by default H2 would listen on
     * every interface. An operator's {@code -Dh2.bindAddress=...} wins.
     */
    static final String H2_BIND_ADDRESS = "h2.bindAddress";

    private ServerMain() {
    }

    public static void main(String... args) {
        if (System.getProperty(H2_BIND_ADDRESS) == null) {
            System.setProperty(H2_BIND_ADDRESS, "127.0.0.1");
        }
        // MCP over stdio is UTF-8 JSON, but System.out encodes in the locale's charset: ASCII when a client starts
        // the server with no LANG (desktop clients pass a minimal environment), and every 'é' became '?'. The stdio
        // transport takes System.out when Quarkus starts, so it must be UTF-8 before then.
        if (!StandardCharsets.UTF_8.equals(System.out.charset())) {
            System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8));
        }
        // Before Quarkus starts, so that the pool's first worker starts beside it (EarlyWorker).
        EarlyConfig.read(ServerMain.class.getClassLoader()).ifPresent(config -> config.dataDir()
                .ifPresent(dataDir -> EarlyWorker.launch(dataDir, config.workspaceOfDefaultWorkers())));
        Quarkus.run(args);
    }
}
