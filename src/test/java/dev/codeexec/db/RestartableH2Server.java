package dev.codeexec.db;

import dev.codeexec.it.FreePorts;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import org.h2.tools.DeleteDbFiles;
import org.h2.tools.Server;

/**
 * An H2 TCP server in the test JVM that the server under test reaches over loopback instead of opening the file
 * itself, as a second server on a shared data directory reaches the first. A test can restart it, which ends
 * every session the pool holds, as the exit of the server holding a shared file does.
 */
public class RestartableH2Server implements QuarkusTestResourceLifecycleManager {

    private static final Path DIR = Path.of("target/restartable-h2");
    private static final String DATABASE = "codeexec";

    private Server server;
    private int port;

    @Override
    public Map<String, String> start() {
        DeleteDbFiles.execute(DIR.toString(), DATABASE, true); // a fresh database for every run
        // Below the ephemeral range: a client connection could take an ephemeral port while the server restarts.
        try {
            port = FreePorts.next();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        server = serve(port);
        return Map.of("quarkus.datasource.jdbc.url", "jdbc:h2:tcp://127.0.0.1:" + port + "/" + DATABASE,
                "sandbox.max-concurrent", "1");
    }

    /** Stops the server, closing every session, and serves the same database again on the same port. */
    public void restart() {
        server.stop();
        server = serve(port);
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(this, new TestInjector.MatchesType(RestartableH2Server.class));
    }

    @Override
    public void stop() {
        server.stop();
    }

    private static Server serve(int port) {
        try {
            return Server.createTcpServer("-tcpPort", Integer.toString(port), "-ifNotExists", "-baseDir",
                    DIR.toAbsolutePath().toString()).start();
        } catch (SQLException e) {
            throw new IllegalStateException("H2 TCP server did not start on port " + port, e);
        }
    }
}
