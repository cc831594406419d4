package dev.codeexec.replica;

import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * This server process among replicas: {@code codeexec.replica.name} (default: the host name) plus a random suffix
 * drawn at each start, since a restarted replica has lost everything it held in memory. Ids of in-memory state
 * (background runs) carry it, so a replica asked for another's state can say whose it was instead of "not found".
 */
@ApplicationScoped
public class ReplicaIdentity {

    static final String NAME = "codeexec.replica.name";
    private static final int MAX_NAME = 40;
    /** Random bytes in a minted id: 128 bits, so ids cannot be guessed. */
    private static final int MINTED_BYTES = 16;
    /** A replica id, a dot, the random part in hex: every id {@link #mint} makes, on any replica. */
    private static final Pattern MINTED = Pattern.compile("[a-z0-9-]+\\.[0-9a-f]{" + 2 * MINTED_BYTES + "}");

    private final String id;

    public ReplicaIdentity(@ConfigProperty(name = NAME) Optional<String> name) {
        byte[] boot = new byte[3];
        new SecureRandom().nextBytes(boot);
        this.id = clean(name.orElseGet(ReplicaIdentity::hostName)) + "-" + HexFormat.of().formatHex(boot);
    }

    /** Name and boot suffix, e.g. {@code web-1-3fa2c1}: letters, digits and dashes only. */
    public String id() {
        return id;
    }

    /** Prefixes {@code local} (an id unique within this replica) with this replica's id. */
    public String qualify(String local) {
        return id + "." + local;
    }

    /** A new id of in-memory state (a handle, a background run) on this replica: its id, a dot, 128 random bits. */
    public String mint(SecureRandom random) {
        byte[] bytes = new byte[MINTED_BYTES];
        random.nextBytes(bytes);
        return qualify(HexFormat.of().formatHex(bytes));
    }

    /**
     * Whether {@code value} has the shape of an id {@link #mint} made on any replica: one that does not was mistyped
     * or made up, and is refused as such rather than as an id that expired or belongs to another replica.
     */
    public static boolean minted(String value) {
        return value != null && MINTED.matcher(value).matches();
    }

    /** The replica that issued {@code qualified}, if it was made by {@link #qualify}. */
    public static Optional<String> issuer(String qualified) {
        int dot = qualified == null ? -1 : qualified.lastIndexOf('.');
        return dot > 0 ? Optional.of(qualified.substring(0, dot)) : Optional.empty();
    }

    /** Whether two replica ids name the same replica (a restart draws a new suffix, not a new name). */
    static boolean sameName(String a, String b) {
        return name(a).equals(name(b));
    }

    private static String name(String id) {
        int dash = id.lastIndexOf('-');
        return dash > 0 ? id.substring(0, dash) : id;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "replica";
        }
    }

    private static String clean(String name) {
        String cleaned = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("^-+|-+$", "");
        cleaned = cleaned.length() > MAX_NAME ? cleaned.substring(0, MAX_NAME) : cleaned;
        return cleaned.isEmpty() ? "replica" : cleaned;
    }
}
