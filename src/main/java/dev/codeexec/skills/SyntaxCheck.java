package dev.codeexec.skills;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.codeexec.InvalidInputException;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.SandboxService;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Checks that a skill compiles with the sandbox's own Python, so the verdict matches what
 * {@code from skills import x} will later do. The source goes in as stdin, never into the checker's
 * text, so nothing in it can change what the checker runs; the skill's code is only compiled, not run.
 *
 * <p>It runs in a warm interpreter of the saving caller's tenant, reset like any run: a brand-new interpreter per save
 * cost 0.3-1 s. The check is a convenience for the author, not a control (a skill that compiles may still fail when
 * imported), so a caller who altered the standard library in its own interpreter can at most mislabel its own skill.
 */
@ApplicationScoped
class SyntaxCheck {

    static final int TIMEOUT_S = 30;

    /** Name is a validated identifier, so formatting it into the filename is safe. */
    private static final String CHECKER = """
            import json, sys
            src = sys.stdin.read()
            try:
                compile(src, '<skill %s>', 'exec')
                print(json.dumps({"ok": True}))
            except SyntaxError as e:
                print(json.dumps({"ok": False, "line": e.lineno, "msg": e.msg}))
            except ValueError as e:
                print(json.dumps({"ok": False, "line": None, "msg": str(e)}))
            """;

    private final SandboxService sandbox;
    private final ObjectMapper json;

    SyntaxCheck(SandboxService sandbox, ObjectMapper json) {
        this.sandbox = sandbox;
        this.json = json;
    }

    /**
     * @throws InvalidInputException on field "code" when the source does not compile
     */
    void requireCompiles(String name, String code, String owner) {
        ExecutionResult r = sandbox.execute(new ExecuteCommand(CHECKER.formatted(name), TIMEOUT_S, code, null, owner, false));
        if (r.timedOut()) {
            throw new InvalidInputException("code", "could not be compiled within " + TIMEOUT_S + " s");
        }
        JsonNode verdict = parse(r);
        if (verdict.path("ok").asBoolean(false)) {
            return;
        }
        JsonNode line = verdict.path("line");
        String where = line.isIntegralNumber() ? " at line " + line.asInt() : "";
        throw new InvalidInputException("code", "syntax error" + where + ": " + verdict.path("msg").asText("invalid"));
    }

    private JsonNode parse(ExecutionResult r) {
        String out = r.stdout().strip();
        try {
            if (r.exitCode() == 0 && !out.isEmpty()) {
                return json.readTree(out);
            }
        } catch (JsonProcessingException e) {
            // falls through: the checker itself misbehaved, which is a server fault, not the caller's
        }
        throw new IllegalStateException("syntax checker failed: exit_code=" + r.exitCode() + " stdout_chars="
                + r.stdout().length() + " stderr_chars=" + r.stderr().length());
    }
}
