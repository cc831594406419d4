package dev.codeexec.mcp;

import dev.codeexec.http.JsonRpcShape;
import io.quarkiverse.mcp.server.runtime.McpRequest;
import io.vertx.core.json.JsonObject;
import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.util.Optional;

/**
 * Where every MCP message of both transports enters the framework (McpMessageHandler.handle): a request whose
 * params it cannot read ({@link JsonRpcShape}) is answered with invalid params here, where it was never answered.
 * Over HTTP a tools/call fails earlier still, and {@code dev.codeexec.http.McpFailureAnswers} answers it.
 *
 * <p>Bound to the message handlers by {@link ToolArgumentsExtension}.
 */
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE)
public class JsonRpcShapeGate {

    @AroundInvoke
    Object check(InvocationContext call) throws Exception {
        Object[] parameters = call.getParameters();
        if (!call.getMethod().getName().equals("handle") || parameters.length != 1
                || !(parameters[0] instanceof McpRequest request) || !(request.json() instanceof JsonObject message)) {
            return call.proceed();
        }
        Optional<String> refusal = JsonRpcShape.refusal(message);
        if (refusal.isEmpty()) {
            return call.proceed();
        }
        return request.sender().sendError(message.getValue("id"), JsonRpcShape.INVALID_PARAMS, refusal.get());
    }
}
