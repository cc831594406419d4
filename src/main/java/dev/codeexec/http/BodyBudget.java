package dev.codeexec.http;

import dev.codeexec.tenant.InFlightBudget;
import java.util.Optional;

/**
 * Bytes of request bodies one tenant has in the server at once ({@code codeexec.http.max-body-bytes-in-flight}),
 * held from the request's headers until its response ends. Each body is bounded alone, but every tenant shares the
 * heap, and a service takes many times its input while it works: ten concurrent REST sanitize requests of 4 Mi
 * characters from one tenant ran a 320 MiB server out of memory. A request past the budget is refused at once (an
 * event loop cannot wait) rather than queued; no other tenant's request is counted against it.
 */
final class BodyBudget {

    static final String SETTING = "codeexec.http.max-body-bytes-in-flight";
    /** The default's share of the heap: a 320 MiB heap gives 10 MiB, two sanitize calls of 4 Mi characters. */
    static final int HEAP_FRACTION = 32;
    static final long MIN_DEFAULT_BYTES = 1L << 20;

    private final InFlightBudget budget;
    /** What a body without Content-Length (chunked) takes: the most it may turn out to be. */
    private final long unknownLength;

    BodyBudget(Optional<Long> configured, long maxHeapBytes, long maxBodyBytes) {
        long bytes = configured.orElse(Math.max(MIN_DEFAULT_BYTES, maxHeapBytes / HEAP_FRACTION));
        if (bytes < 1 || bytes > Integer.MAX_VALUE) {
            throw new IllegalStateException(SETTING + " must be between 1 and " + Integer.MAX_VALUE + " bytes, got "
                    + bytes);
        }
        this.budget = new InFlightBudget((int) bytes);
        this.unknownLength = maxBodyBytes;
    }

    long perTenant() {
        return budget.perTenant();
    }

    /** Room for a body of {@code bytes} (negative: length unknown) now, or empty when the tenant's is taken. */
    Optional<InFlightBudget.Held> admit(String tenant, long bytes) {
        return budget.tryEnter(tenant, bytes < 0 ? unknownLength : bytes);
    }

    String refusal(long bytes) {
        return "this tenant's requests in progress already carry most of the request body bytes it may have in the "
                + "server at once, " + budget.perTenant() + " bytes (" + SETTING + "); this body is "
                + (bytes < 0 ? "of unknown length (chunked)" : bytes + " bytes")
                + ". Send it again once earlier requests have been answered, or send fewer large requests at once";
    }
}
