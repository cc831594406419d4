package dev.codeexec.workspace;

import dev.codeexec.sandbox.BridgeCaller;
import dev.codeexec.sandbox.BridgeHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * Bridge service "workspace": atomic renames for guest code. GraalPy's {@code os.rename} and
 * {@code os.replace} go through Truffle's file-system layer, which cannot move atomically and fails
 * them; the guest driver sends them here instead. Both paths are confined by {@link WorkspaceRoot}
 * exactly like every other guest file access, and outcomes come back as errno names, never as host
 * details.
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
        WorkspaceRoot root = roots.root(caller.tenant());
        Path source;
        Path target;
        try {
            source = root.confine(Path.of(String.valueOf(args.get("src"))));
            target = root.confine(Path.of(String.valueOf(args.get("dst"))));
        } catch (PathOutsideWorkspaceException | java.nio.file.InvalidPathException e) {
            return Map.of("errno", "EPERM");
        }
        if (source.equals(root.path()) || target.equals(root.path())) {
            return Map.of("errno", "EPERM");
        }
        try {
            try {
                Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
            }
            return Map.of("errno", "");
        } catch (NoSuchFileException e) {
            return Map.of("errno", "ENOENT");
        } catch (DirectoryNotEmptyException e) {
            return Map.of("errno", "ENOTEMPTY");
        } catch (AccessDeniedException e) {
            return Map.of("errno", "EACCES");
        } catch (IOException e) {
            return Map.of("errno", "EIO");
        }
    }
}
