package dev.codeexec.mcp;

import io.quarkiverse.mcp.server.ToolGuardrails;
import io.quarkiverse.mcp.server.runtime.ToolManagerImpl;
import jakarta.enterprise.inject.build.compatible.spi.BuildCompatibleExtension;
import jakarta.enterprise.inject.build.compatible.spi.ClassConfig;
import jakarta.enterprise.inject.build.compatible.spi.Discovery;
import jakarta.enterprise.inject.build.compatible.spi.Enhancement;
import jakarta.enterprise.inject.build.compatible.spi.MetaAnnotations;

/**
 * Puts {@link ToolArgumentsGate} in front of every tools/call. quarkus-mcp-server 1.10.1 offers no hook that sees a
 * call's arguments before it reads them itself (its input guardrails are built from them, and fail the same way), so
 * the gate intercepts the tool manager, the one place every transport's tools/call passes.
 *
 * <p>The binding is the framework's own {@link ToolGuardrails}, made an interceptor binding here: a binding declared
 * in this application would be a class the framework's generated code cannot load under {@code @QuarkusTest}, whose
 * class loader keeps application classes apart from the libraries'. Only these two classes carry it.
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

    @Enhancement(types = ToolArgumentsGate.class)
    public void bind(ClassConfig gate) {
        gate.addAnnotation(ToolGuardrails.class);
    }
}
