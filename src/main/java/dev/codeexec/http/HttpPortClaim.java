package dev.codeexec.http;

import io.quarkus.runtime.ExecutionMode;
import io.quarkus.runtime.LaunchMode;
import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Decides whether this server serves HTTP (MCP at /mcp, REST, health) while the configuration is
 * built, which is before the stdio transport reads its first message. Two servers started from one
 * directory default to the same port, and Quarkus would let the second answer {@code initialize},
 * then stop it when its HTTP bind fails seconds later. Instead:
 * <ol>
 * <li>the server takes an exclusive lock named after the port, in a per-user directory under the
 *     temporary directory, and keeps it while it runs: of servers starting together, one gets it;</li>
 * <li>the holder checks that no other program listens on the port;</li>
 * <li>a server that loses either check and speaks stdio turns its listener off
 *     ({@code quarkus.http.host-enabled=false}) and says so on stderr; its stdio side is complete.</li>
 * </ol>
 * A server with stdio off keeps Quarkus's behaviour and fails at start: HTTP is all it does. Only
 * the packaged server takes part (tests and dev mode choose their own ports), and port 0 (any free
 * port) never collides.
 */
public final class HttpPortClaim implements ConfigSourceFactory {

    private static final Logger LOG = Logger.getLogger(HttpPortClaim.class.getName());
    /** Above system properties (400): no setting makes a bind on a taken port succeed. */
    static final int ORDINAL = 500;

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        int port = number(context.getValue("quarkus.http.port"), 8080);
        // The build reads the configuration too (execution mode UNSET then): only a starting server claims.
        if (LaunchMode.current() != LaunchMode.NORMAL || ExecutionMode.current() != ExecutionMode.RUNTIME_INIT
                || !flag(context.getValue("quarkus.http.host-enabled")) || port <= 0) {
            return List.of();
        }
        String host = text(context.getValue("quarkus.http.host"), "0.0.0.0");
        PortLock lock = PortLock.take(lockFile(port));
        String takenBy = null;
        if (lock.heldElsewhere()) {
            takenBy = "another code-execution-mcp server, which serves MCP over HTTP and the REST API there";
        } else if (!free(host, port)) {
            takenBy = "another program";
        }
        if (takenBy == null) {
            return List.of(new Decision(Map.of(), lock));
        }
        // Only a server that will serve the port keeps its lock: a later one must not be told otherwise.
        lock.release();
        if (!flag(context.getValue("quarkus.mcp.server.stdio.enabled"))) {
            return List.of();
        }
        LOG.log(Level.WARNING, "HTTP and REST are not served by this server (http_port_in_use): port {0} on {1} is "
                + "taken by {2}. MCP over stdio works fully. To serve HTTP from this server too, give it a port of "
                + "its own: quarkus.http.port=N, or 0 for any free port.",
                new Object[] {Integer.toString(port), host, takenBy});
        return List.of(new Decision(Map.of("quarkus.http.host-enabled", "false"), null));
    }

    /**
     * The decision as a configuration source. When this server serves the port, it also keeps the
     * lock's channel reachable, so the lock stays held for as long as the configuration lives, which
     * is as long as the application. The OS drops the lock when the process ends, however it ends.
     */
    private record Decision(Map<String, String> properties, PortLock lock) implements ConfigSource {

        @Override
        public Set<String> getPropertyNames() {
            return properties.keySet();
        }

        @Override
        public String getValue(String name) {
            return properties.get(name);
        }

        @Override
        public String getName() {
            return "code-execution-mcp HTTP port claim";
        }

        @Override
        public int getOrdinal() {
            return ORDINAL;
        }
    }

    /**
     * The port's lock: {@code channel} holds it for this process; {@code heldElsewhere} means another
     * process has it; neither means the lock file could not be used (a directory owned by someone
     * else), and the port check alone decides.
     */
    record PortLock(FileChannel channel, boolean heldElsewhere) {

        static PortLock take(Path file) {
            FileChannel channel = null;
            try {
                createPrivateDirectory(file.getParent());
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
                if (channel.tryLock() != null) {
                    return new PortLock(channel, false);
                }
                channel.close();
                return new PortLock(null, true);
            } catch (OverlappingFileLockException e) {
                // This JVM holds it already. Closing a second channel could drop that lock (POSIX), so keep it.
                return new PortLock(channel, false);
            } catch (IOException e) {
                LOG.log(Level.FINE, "HTTP port lock " + file + " unusable; checking the port only", e);
                if (channel != null) {
                    try {
                        channel.close();
                    } catch (IOException ignored) {
                        // nothing held, nothing to undo
                    }
                }
                return new PortLock(null, false);
            }
        }

        void release() {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException e) {
                    LOG.log(Level.FINE, "closing the HTTP port lock failed", e);
                }
            }
        }
    }

    static Path lockFile(int port) {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return Path.of(System.getProperty("java.io.tmpdir"), "code-execution-mcp-" + user, "http-" + port + ".lock");
    }

    private static void createPrivateDirectory(Path dir) throws IOException {
        if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectories(dir);
        }
    }

    /** False only when something listens on the port; any other failure is left for Quarkus to report. */
    static boolean free(String host, int port) {
        try (ServerSocket probe = new ServerSocket()) {
            // As Vert.x does, so connections of a server that just stopped (TIME_WAIT) do not count.
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(host, port));
            return true;
        } catch (BindException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static boolean flag(ConfigValue value) {
        return value == null || value.getValue() == null || Boolean.parseBoolean(value.getValue().trim());
    }

    private static int number(ConfigValue value, int otherwise) {
        try {
            return value == null || value.getValue() == null ? otherwise : Integer.parseInt(value.getValue().trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static String text(ConfigValue value, String otherwise) {
        return value == null || value.getValue() == null || value.getValue().isBlank() ? otherwise
                : value.getValue().trim();
    }
}
