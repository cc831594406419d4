package dev.codeexec.sandbox;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.BridgeCaller;
import dev.codeexec.bridge.BridgeHandler;
import dev.codeexec.bridge.CodedRefusal;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.tenant.Caller;
import dev.codeexec.tenant.InFlightBudget;
import dev.codeexec.workspace.WorkspaceQuotaBridge;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The only way out of the sandbox: dispatches JSON calls from guest code to the capability that
 * registered the service ({@link BridgeHandler}). Arguments and results are plain JSON text, so
 * the same calls work from a context in this JVM and from a worker process. Logs service, method,
 * outcome and sizes only.
 */
@ApplicationScoped
public class HostBridge implements HostCalls {

    private static final Logger LOG = Logger.getLogger(HostBridge.class.getName());
    /** Largest argument document a guest may send in one call: the ceiling of {@code sandbox.bridge.max-args-chars}. */
    public static final int MAX_ARGS_CHARS = 16 << 20;
    /**
     * Largest reply a call may give, in characters of JSON. A worker reads the server's frames up to a fixed size
     * ({@link dev.codeexec.sandbox.protocol.FrameLimits#TO_WORKER_BYTES}) and, as Jackson reads any string, a reply of
     * at most 20,000,000 characters; a reply past either cut the worker off mid-run. Refused here instead, in both
     * isolations, so the guest hears why. Binary content travels as base64: about 12 MiB of bytes.
     */
    public static final int MAX_REPLY_CHARS = 16 << 20;
    /** The code of a reply over {@link #MAX_REPLY_CHARS}: a guest module may raise a class of its own for it. */
    public static final String REPLY_TOO_LARGE = "result_too_large";

    private final Map<String, BridgeHandler> handlers = new LinkedHashMap<>();
    private final ObjectMapper json;
    /** Parses arguments within the configured bounds: a document, a string or a nesting past them fails the parse. */
    private final ObjectMapper argsReader;
    private final SandboxConfig.Bridge limits;
    /**
     * Characters of arguments each tenant's calls carry at once: as much as one call may. The server answers a run's
     * calls concurrently, one per guest thread: fifteen threads of one run each sanitizing 4 Mi characters of PII ran
     * the server out of memory, killed a worker's reader thread and left another tenant's next run unanswered.
     */
    private final InFlightBudget inFlight;

    public HostBridge(Instance<BridgeHandler> handlers, ObjectMapper json, SandboxConfig config) {
        for (BridgeHandler handler : handlers) {
            this.handlers.put(handler.service(), handler);
        }
        this.json = json;
        this.limits = config.bridge();
        checkBound("sandbox.bridge.max-args-chars", limits.maxArgsChars(), MAX_ARGS_CHARS);
        checkBound("sandbox.bridge.max-string-chars", limits.maxStringChars(), MAX_ARGS_CHARS);
        checkBound("sandbox.bridge.max-nesting-depth", limits.maxNestingDepth(), 1000);
        this.argsReader = new ObjectMapper(JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
                .maxDocumentLength(limits.maxArgsChars()).maxStringLength(limits.maxStringChars())
                .maxNestingDepth(limits.maxNestingDepth()).build()).build());
        this.inFlight = new InFlightBudget(limits.maxArgsChars());
    }

    private static void checkBound(String name, int value, int ceiling) {
        if (value < 1 || value > ceiling) {
            throw new IllegalArgumentException(name + " must be between 1 and " + ceiling + ", got " + value);
        }
    }

    @Override
    public String call(String owner, String service, String method, String argsJson) {
        return call(owner, BridgeCaller.IN_PROCESS, service, method, argsJson);
    }

    @Override
    public void callerGone(String origin) {
        handlers.values().forEach(handler -> handler.callerGone(origin));
    }

    @Override
    public String call(String owner, String origin, String service, String method, String argsJson) {
        BridgeHandler handler = handlers.get(service);
        if (handler == null) {
            return error("unknown service '" + service + "'; available: " + handlers.keySet(), "not_found");
        }
        if (argsJson != null && argsJson.length() > limits.maxArgsChars()) {
            return error("args: larger than the bridge limit of " + limits.maxArgsChars()
                    + " characters (sandbox.bridge.max-args-chars)", "invalid");
        }
        if (WorkspaceQuotaBridge.SERVICE.equals(service)) {
            // The guest file system's own small ledger calls: a write never waits behind the tenant's large calls.
            return answer(handler, owner, origin, service, method, argsJson);
        }
        try (InFlightBudget.Held held = inFlight.enter(Caller.tenantOrSelf(String.valueOf(owner)),
                argsJson == null ? 0 : argsJson.length())) {
            return answer(handler, owner, origin, service, method, argsJson);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return error(service + "." + method + " was interrupted on the host", "failed");
        }
    }

    /** The tenant's calls waiting for its budget of arguments in flight. */
    int callsWaiting(String tenant) {
        return inFlight.waiting(tenant);
    }

    private String answer(BridgeHandler handler, String owner, String origin, String service, String method,
            String argsJson) {
        long start = System.nanoTime();
        String outcome = "ok";
        try {
            Map<String, Object> args = argsJson == null || argsJson.isBlank() ? Map.of()
                    : argsReader.readValue(argsJson, new TypeReference<Map<String, Object>>() { });
            Object result = handler.handle(method, args == null ? Map.of() : args, new BridgeCaller(owner, origin));
            Map<String, Object> reply = new LinkedHashMap<>();
            reply.put("result", result);
            String text = json.writeValueAsString(reply);
            if (text.length() > MAX_REPLY_CHARS) {
                outcome = "reply_too_large";
                return error("result: " + text.length() + " characters of JSON, more than a bridge reply carries ("
                        + MAX_REPLY_CHARS + "; binary content counts as base64, 4/3 of its bytes)", "invalid",
                        REPLY_TOO_LARGE);
            }
            return text;
        } catch (InvalidInputException e) {
            outcome = "refused";
            return error(e.getMessage(), e.kind() == InvalidInputException.Kind.NOT_FOUND ? "not_found" : "invalid",
                    e instanceof CodedRefusal coded ? coded.code() : null);
        } catch (StreamConstraintsException e) {
            outcome = "too_large";
            return error("args: a string in them is longer, or they nest deeper, than the bridge allows "
                    + "(sandbox.bridge.max-string-chars=" + limits.maxStringChars() + ", sandbox.bridge.max-nesting-depth="
                    + limits.maxNestingDepth() + ")", "invalid");
        } catch (JsonProcessingException e) {
            outcome = "bad_json";
            return error("args: not a JSON object (" + e.getOriginalMessage() + ")", "invalid");
        } catch (RuntimeException e) {
            outcome = "failed";
            LOG.log(Level.WARNING, "bridge call {0}.{1} failed: {2}", new Object[] {service, method, e.getClass().getName()});
            return error(service + "." + method + " failed on the host", "failed");
        } finally {
            LOG.log(Level.FINE, "bridge call {0}.{1}: {2} in {3} us, args_chars={4}", new Object[] {service, method, outcome,
                (System.nanoTime() - start) / 1000, argsJson == null ? 0 : argsJson.length()});
        }
    }

    private String error(String message, String kind) {
        return error(message, kind, null);
    }

    /** {@code code}, when there is one, lets a guest module raise a class of its own without reading the message. */
    private String error(String message, String kind, String code) {
        try {
            return json.writeValueAsString(code == null ? Map.of("error", message, "kind", kind)
                    : Map.of("error", message, "kind", kind, "code", code));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
