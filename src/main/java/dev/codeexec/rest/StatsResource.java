package dev.codeexec.rest;

import dev.codeexec.stats.ServerStats;
import dev.codeexec.stats.StatsService;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** REST mirror of get_execution_stats; "connection" counts REST executions. */
@Path("/api/v1/stats")
@Produces(MediaType.APPLICATION_JSON)
public class StatsResource {

    private final StatsService stats;

    private final RestCallers callers;

    public StatsResource(StatsService stats, RestCallers callers) {
        this.callers = callers;
        this.stats = stats;
    }

    @GET
    public ServerStats stats(@HeaderParam(RestCallers.HEADER) String sessionId) {
        return stats.snapshot(callers.id(sessionId));
    }
}
