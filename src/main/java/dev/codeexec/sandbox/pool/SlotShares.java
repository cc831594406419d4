package dev.codeexec.sandbox.pool;

import java.util.OptionalInt;

/**
 * How the running slots are shared between tenants. A slot given to a run cannot be taken back (a run cannot be
 * paused), so two rules hold whenever a slot is handed out: a tenant's runs hold at most {@link #perTenant()} slots
 * at once (sandbox.fair-share.tenant-slots; by default one less than the slots when two or more tenants are served,
 * so one always stays for the others, and every slot on a single-tenant server); and while another tenant waits, a
 * tenant holding its share (the slots split over the tenants running or waiting) gets no more. Runs past either
 * wait in their tenant's line for its own runs to end.
 */
public final class SlotShares {

    static final String PER_TENANT = "sandbox.fair-share.tenant-slots";

    private final int slots;
    private final int perTenant;

    private SlotShares(int slots, int perTenant) {
        this.slots = slots;
        this.perTenant = perTenant;
    }

    /**
     * @param slots      sandbox.max-concurrent
     * @param configured sandbox.fair-share.tenant-slots, if set
     * @param tenants    the tenants callers can reach
     * @throws IllegalArgumentException when the configured cap is not within 1..slots
     */
    public static SlotShares of(int slots, OptionalInt configured, int tenants) {
        if (slots < 1) {
            throw new IllegalArgumentException("sandbox.max-concurrent must be at least 1, got " + slots);
        }
        int cap = configured.orElse(tenants > 1 ? Math.max(1, slots - 1) : slots);
        if (cap < 1 || cap > slots) {
            throw new IllegalArgumentException(PER_TENANT + " must be between 1 and sandbox.max-concurrent (" + slots
                    + "), got " + cap);
        }
        return new SlotShares(slots, cap);
    }

    /** Slots one tenant's runs may hold at once. */
    public int perTenant() {
        return perTenant;
    }

    /** The slots a tenant may hold while another waits: split over the {@code active} tenants, at least one. */
    int share(int active) {
        return Math.max(1, slots / Math.max(1, active));
    }

    /**
     * How many of the {@code free} slots a tenant holding {@code held} may take now.
     *
     * @param othersWaiting whether another tenant has a run waiting
     * @param active        the tenants running or waiting
     */
    int room(int free, int held, boolean othersWaiting, int active) {
        int room = Math.min(free, perTenant - held);
        if (othersWaiting) {
            room = Math.min(room, share(active) - held);
        }
        return Math.max(0, room);
    }
}
