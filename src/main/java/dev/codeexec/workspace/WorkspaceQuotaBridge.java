package dev.codeexec.workspace;

import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.BridgeCaller;
import dev.codeexec.bridge.BridgeHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bridge service "quota": how the guest file system in a worker keeps the server's {@link WorkspaceLedger}. Not for
 * guest code (the sandbox refuses it on the guest's bridge); the worker's file layer calls it to reserve a run's
 * bytes and new entries (each with room beyond what is needed) before changing the workspace. Settlements come with
 * the worker's next call ({@code settled}, applied before the call itself), or in a call of their own ({@code settle})
 * at the end of a run; one naming lease 0 only asks for a recount. The ledger is the workspace of the execution the
 * server knows runs on that worker, never one the worker names; leases are remembered per calling process, so a
 * lease is settled on the ledger that granted it even after the worker moved on to another caller, and abandoned
 * when that process dies.
 *
 * <p>Replies: {@code {"lease", "granted", "entries"}} for a reservation, {@code {"quota": detail}} for a refusal,
 * {@code {"bytes"}} for the usage the guest's {@code os.statvfs} reports against the quota.
 */
@ApplicationScoped
public class WorkspaceQuotaBridge implements BridgeHandler {

    public static final String SERVICE = "quota";
    private static final String SETTLED_SHAPE = "must be a list of [lease, bytes, entries, recount] number lists";

    private final WorkspaceRoots roots;
    private final ConcurrentMap<String, ConcurrentMap<Long, WorkspaceLedger.Lease>> leases = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    public WorkspaceQuotaBridge(WorkspaceRoots roots) {
        this.roots = roots;
    }

    @Override
    public String service() {
        return SERVICE;
    }

    @Override
    public Object handle(String method, Map<String, Object> args, BridgeCaller caller) {
        // A worker settles closed files with its next call, whatever the call: applied first, as they happened first.
        settle(args.get("settled"), caller);
        return switch (method) {
            case "reserve" -> reserve(args, caller);
            case "settle" -> Map.of();
            case "usage" -> Map.of("bytes", roots.ledger(caller.tenant()).usage().bytes());
            default -> throw new InvalidInputException("method", "unknown quota method '"
                    + InvalidInputException.echo(method) + "'");
        };
    }

    /** The process is gone: its leases will never settle. */
    @Override
    public void callerGone(String origin) {
        Map<Long, WorkspaceLedger.Lease> held = leases.remove(origin);
        if (held != null) {
            held.values().forEach(WorkspaceLedger.Lease::abandon);
        }
    }

    private Map<String, Object> reserve(Map<String, Object> args, BridgeCaller caller) {
        long id = number(args, "lease");
        ConcurrentMap<Long, WorkspaceLedger.Lease> held = leases.computeIfAbsent(caller.origin(),
                o -> new ConcurrentHashMap<>());
        WorkspaceLedger.Lease lease = id == 0 ? roots.ledger(caller.tenant()).open() : held.get(id);
        if (lease == null) {
            throw new InvalidInputException("lease", "is not open for this process");
        }
        try {
            WorkspaceLedger.Grant grant = lease.reserve(number(args, "needed"), number(args, "wanted"),
                    entries(args, "entries"), entries(args, "entries_wanted"));
            if (id == 0) {
                id = ids.incrementAndGet();
                held.put(id, lease);
            }
            return Map.of("lease", id, "granted", grant.bytes(), "entries", grant.entries());
        } catch (WorkspaceQuotaException e) {
            if (id == 0) {
                lease.settle(0, 0, false);
            }
            return Map.of("quota", e.detail());
        }
    }

    /** Settles each {@code [lease, bytes, entries, recount]} of {@code settled} (absent: none), in order. */
    private void settle(Object settled, BridgeCaller caller) {
        if (settled == null) {
            return;
        }
        if (!(settled instanceof List<?> list)) {
            throw new InvalidInputException("settled", SETTLED_SHAPE);
        }
        for (Object entry : list) {
            if (!(entry instanceof List<?> fields) || fields.size() != 4
                    || !fields.stream().allMatch(field -> field instanceof Number)) {
                throw new InvalidInputException("settled", SETTLED_SHAPE);
            }
            long id = ((Number) fields.get(0)).longValue();
            boolean recount = ((Number) fields.get(3)).longValue() != 0;
            if (id == 0) {
                // A recount asked for outside a run's lease: a file found replaced under its writer after its run
                // settled, or a change that began before its run settled and ended after.
                if (recount) {
                    roots.ledger(caller.tenant()).recountWhenQuiet();
                }
                continue;
            }
            ConcurrentMap<Long, WorkspaceLedger.Lease> held = leases.get(caller.origin());
            WorkspaceLedger.Lease lease = held == null ? null : held.remove(id);
            if (lease == null) {
                throw new InvalidInputException("settled", "lease " + id + " is not open for this process");
            }
            lease.settle(((Number) fields.get(1)).longValue(), ((Number) fields.get(2)).longValue(), recount);
        }
    }

    private static int entries(Map<String, Object> args, String field) {
        long value = number(args, field);
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new InvalidInputException(field, "must be a count from 0 to " + Integer.MAX_VALUE);
        }
        return (int) value;
    }

    private static long number(Map<String, Object> args, String field) {
        if (!(args.get(field) instanceof Number n)) {
            throw new InvalidInputException(field, "must be a number");
        }
        return n.longValue();
    }
}
