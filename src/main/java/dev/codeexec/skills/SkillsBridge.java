package dev.codeexec.skills;

import dev.codeexec.Arguments;
import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.BridgeCaller;
import dev.codeexec.bridge.BridgeHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * Sandboxed code's read-only view of the store, used by the guest module {@code skills}
 * ({@code skills.load("x")}, {@code from skills import x}). Saving stays a tool call, so an agent
 * decides what becomes a skill, not code it runs.
 */
@ApplicationScoped
public class SkillsBridge implements BridgeHandler {

    private final SkillStore store;

    SkillsBridge(SkillStore store) {
        this.store = store;
    }

    @Override
    public String service() {
        return "skills";
    }

    /** Methods: "load" {name, version?} gives a {@link Skill}; "list" {query?, tag?, limit?, offset?} a {@link SkillPage}. */
    @Override
    public Object handle(String method, Map<String, Object> args, BridgeCaller caller) {
        return switch (method) {
            case "load" -> store.load(caller.tenant(), Arguments.string(args, "name"), Arguments.integer(args, "version"));
            case "list" -> store.list(caller.tenant(), new SkillQuery(Arguments.string(args, "query"), Arguments.string(args, "tag"),
                    Arguments.integer(args, "limit"), Arguments.integer(args, "offset")));
            default -> throw new InvalidInputException("method", "'" + InvalidInputException.echo(method)
                    + "' is not a skills method; use load or list");
        };
    }


}
