package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * json.dumps with indent through GraalPy's encoder and the host's layout (JsonIndent, _codeexec_patches), and json.dump
 * to a file or StringIO through json.dumps: which calls take them. The text is the parity suite's (parity/json_indent.py
 * and json_dump_files.py, compared with CPython's output). Python's encoder (json.encoder._make_iterencode) is counted
 * as it is made: the fast paths make none.
 */
@QuarkusTest
class JsonIndentTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
    }

    @Test
    void dumpsWithIndentTakesTheHostsLayoutUnlessPythonsEncoderMustRun() {
        McpCalls.Exec run = mcp.exec(Map.of("code", """
                import io, json, json.encoder as encoder
                made = []
                def _fails(call):
                    try:
                        call()
                    except TypeError:
                        pass
                make = encoder._make_iterencode
                def counting(*args):
                    made.append(1)
                    return make(*args)
                encoder._make_iterencode = counting
                def python_encoders(call):
                    before = len(made)
                    call()
                    return len(made) - before
                doc = {"rows": [{"id": i, "tags": ["a", "b"]} for i in range(100)], "ok": True}
                print("indent", python_encoders(lambda: json.dumps(doc, indent=2)))
                print("tab, sorted", python_encoders(lambda: json.dumps(doc, indent="\\t", sort_keys=True)))
                print("compact", python_encoders(lambda: json.dumps(doc)))
                print("skipkeys", python_encoders(lambda: json.dumps(doc, indent=2, skipkeys=True)))
                print("dump", python_encoders(lambda: json.dump(doc, io.StringIO(), indent=2)))
                with open("indent-test.json", "w") as f:
                    print("dump to a file", python_encoders(lambda: json.dump(doc, f, default=str)))
                class Writer:
                    def write(self, s):
                        pass
                print("dump to a caller's writer", python_encoders(lambda: json.dump(doc, Writer(), indent=2)))
                print("dump with a caller's default", python_encoders(lambda: json.dump(doc, io.StringIO(), default=repr)),
                      python_encoders(lambda: json.dump(doc, io.StringIO(), default=lambda o: None)))
                print("dump that fails", python_encoders(lambda: _fails(lambda: json.dump([1, object()], io.StringIO()))))
                print("lone surrogate", python_encoders(lambda: json.dumps(["\\ud83d\\ude00"], indent=2, ensure_ascii=False)))
                print(json.dumps(["\\ud83d", "\\ude00"], indent=1, ensure_ascii=False) == '[\\n "\\ud83d",\\n "\\ude00"\\n]')
                """, "timeout_s", 60));
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals("""
                indent 0
                tab, sorted 0
                compact 0
                skipkeys 1
                dump 0
                dump to a file 0
                dump to a caller's writer 1
                dump with a caller's default 0 1
                dump that fails 1
                lone surrogate 1
                True
                """, run.stdout());
    }
}
