package dev.codeexec.replica;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The server holding one caller's in-memory state; the schema belongs to Flyway (V3__caller_homes.sql, and
 * V5__caller_home_tenant.sql for the tenant, by which each tenant's claims are counted).
 */
@Entity
@Table(name = "caller_home")
class CallerHome {

    @Id
    @Column(length = 300)
    String caller;

    @Column(nullable = false, length = 64)
    String tenant;

    @Column(nullable = false, length = 64)
    String replica;

    @Column(name = "claimed_at", nullable = false)
    Instant claimedAt;

    protected CallerHome() {
    }

    CallerHome(String caller, String tenant, String replica, Instant claimedAt) {
        this.caller = caller;
        this.tenant = tenant;
        this.replica = replica;
        this.claimedAt = claimedAt;
    }
}
