package dev.codeexec.mcp;

import io.quarkiverse.mcp.server.ToolGuardrails;
import io.quarkiverse.mcp.server.http.runtime.StreamableHttpMcpMessageHandler;
import io.quarkiverse.mcp.server.runtime.ToolManagerImpl;
import io.quarkiverse.mcp.server.stdio.runtime.StdioMcpMessageHandler;
import jakarta.enterprise.inject.build.compatible.spi.BuildCompatibleExtension;
import jakarta.enterprise.inject.build.compatible.spi.ClassConfig;
import jakarta.enterprise.inject.build.compatible.spi.Discovery;
import jakarta.enterprise.inject.build.compatible.spi.Enhancement;
import jakarta.enterprise.inject.build.compatible.spi.MetaAnnotations;

/**
 * Puts {@link ToolArgumentsGate} in front of every tools/call, and {@link JsonRpcShapeGate} in front of every message
 * the stdio and streamable HTTP handlers take. quarkus-mcp-server 1.10.1 offers no hook that sees a
 * call's arguments before it reads them itself (its input guardrails are built from them, and fail the same way), so
 * the gate intercepts the tool manager, the one place every transport's tools/call passes.
 *
 * <p>The binding is the framework's own {@link ToolGuardrails}, made an interceptor binding here: a binding declared
 * in this application would be a class the framework's generated code cannot load under {@code @QuarkusTest}, whose
 * class loader keeps application classes apart from the libraries'. Only these classes carry it; each gate passes
 * the methods it does not guard straight on.
 */
public class ToolArgumentsExtension implements BuildCompatibleExtension {

    @Discovery
    public void binding(MetaAnnotations meta) {
        meta.addInterceptorBinding(ToolGuardrails.class);
    }

    @Enhancement(types = ToolManagerImpl.class)
    public void gate(ClassConfig tools) {
        tools.addAnnotation(ToolGuardrails.class);
    }

    @Enhancement(types = {StdioMcpMessageHandler.class, StreamableHttpMcpMessageHandler.class})
    public void shape(ClassConfig handler) {
        handler.addAnnotation(ToolGuardrails.class);
    }

    @Enhancement(types = {ToolArgumentsGate.class, JsonRpcShapeGate.class})
    public void bind(ClassConfig gate) {
        gate.addAnnotation(ToolGuardrails.class);
    }
}
