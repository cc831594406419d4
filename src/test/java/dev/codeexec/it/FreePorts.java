package dev.codeexec.it;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ports for the servers and balancers the tests start. {@code new ServerSocket(0)} hands out an ephemeral port,
 * and with two test classes running at once the other one's client connections take ephemeral ports too: one
 * could take the port before the server binds it (SharedDataDirIT's two servers then both found it taken).
 * These ports come from below the ephemeral range, which {@code connect} never picks, and this JVM never hands
 * out one twice.
 */
public final class FreePorts {

    private static final int SPAN = 10_000;
    private static final int BELOW = ephemeralStart();
    private static final int LOWEST = Math.max(1024, BELOW - SPAN);
    private static final AtomicInteger NEXT = new AtomicInteger(ThreadLocalRandom.current().nextInt(BELOW - LOWEST));

    private FreePorts() {
    }

    /** A loopback and wildcard port nothing listens on now, not handed out before by this JVM. */
    public static int next() throws IOException {
        for (int tried = 0; tried < BELOW - LOWEST; tried++) {
            int port = LOWEST + Math.floorMod(NEXT.getAndIncrement(), BELOW - LOWEST);
            if (bindable(port)) {
                return port;
            }
        }
        throw new IOException("no free port in " + LOWEST + "-" + (BELOW - 1));
    }

    private static boolean bindable(int port) {
        try (ServerSocket probe = new ServerSocket()) {
            // As the servers bind: a port whose last connections are in TIME_WAIT is free.
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The first ephemeral port (Linux's ip_local_port_range), 32768 where it cannot be read. */
    private static int ephemeralStart() {
        try {
            // readAllLines: readString stops early on procfs files (it gave "3" here).
            return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                    .get(0).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32768;
        }
    }
}
