package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.codeexec.tenant.HandleTable;
import jakarta.annotation.Nullable;
import java.time.Duration;

/**
 * One of a tenant's persistent sessions as its callers may list them: a caller that lost a handle (a model whose
 * context was compacted, a connector that reconnected) finds it again, or ends it to make room under the limit.
 */
public record OpenSession(
        String session,
        @JsonProperty("idle_s") long idleS,
        boolean busy,
        @JsonProperty("expires_in_s") @Nullable Long expiresInS) {

    static OpenSession of(HandleTable.Live<String> live, Duration idleTtl) {
        // A session a run holds does not expire; its idle time counts again from the run's end.
        return new OpenSession(live.handle(), live.idle().toSeconds(), live.inUse(),
                live.inUse() ? null : Math.max(0, idleTtl.minus(live.idle()).toSeconds()));
    }
}
