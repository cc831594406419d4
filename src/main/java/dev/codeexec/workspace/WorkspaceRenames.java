package dev.codeexec.workspace;

import dev.codeexec.bridge.BridgeCaller;
import dev.codeexec.bridge.BridgeHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Bridge service "workspace": atomic renames for guest code. GraalPy's {@code os.rename} and
 * {@code os.replace} go through Truffle's file-system layer, which cannot move atomically and fails
 * them; the guest driver sends them here instead, relative to the workspace (a worker under bwrap sees it at a
 * path of its own). Both paths are confined by the {@link WorkspaceRoot} of the
 * caller's workspace exactly like every other guest file access, the move is accounted by its ledger (a replaced
 * target frees its bytes), and outcomes come back as errno names, never as host details.
 */
@ApplicationScoped
public class WorkspaceRenames implements BridgeHandler {

    private final WorkspaceRoots roots;

    public WorkspaceRenames(WorkspaceRoots roots) {
        this.roots = roots;
    }

    @Override
    public String service() {
        return "workspace";
    }

    @Override
    public Object handle(String method, Map<String, Object> args, BridgeCaller caller) {
        if (!"rename".equals(method)) {
            throw new dev.codeexec.InvalidInputException("method", "unknown workspace method '" + method + "'; use rename");
        }
        // The caller's tenant's workspace: the server knows whose execution runs, the guest cannot choose.
        WorkspaceLedger ledger = roots.ledger(caller.tenant());
        Path source;
        Path target;
        try {
            source = ledger.root().confine(Path.of(String.valueOf(args.get("src"))));
            target = ledger.root().confine(Path.of(String.valueOf(args.get("dst"))));
        } catch (PathOutsideWorkspaceException | InvalidPathException e) {
            return Map.of("errno", "EPERM");
        }
        try {
            new WorkspaceChanges(ledger).move(source, target, true);
            return Map.of("errno", "");
        } catch (WorkspaceQuotaException e) {
            return Map.of("errno", "EDQUOT", "message", e.getMessage());
        } catch (IOException e) {
            return Map.of("errno", Errno.of(e));
        } catch (SecurityException e) {
            return Map.of("errno", "EPERM");
        }
    }
}
