package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The execute_code contract: results, limits and bad input, over MCP streamable HTTP. */
@QuarkusTest
class ExecuteCodeTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    /**
     * Large documents take the driver's marshal path (JsonToMarshal) and come out exactly as GraalPy's own scanner,
     * which a hook forces, makes them: values, types, key order, and the same errors for what the path declines.
     */
    @Test
    void largeJsonDocumentsDecodeAsTheGuestScannerDecodesThem() {
        McpCalls.Exec r = mcp.exec("""
                import json
                pad = '"' + 'p' * 3000 + '"'
                docs = ['[' + pad + ', {"a": 1, "b": [1.5, -0.0, 1000000000000000000000000000000, true, null], "a": "\u20ac\\ud83d\\ude00"}]',
                        '  {"k": [' + ', '.join(str(i) for i in range(2000)) + '], "f": 1e400}  ',
                        '[' + pad + ', NaN]', '[' + pad + ', "\\ud800"]', '[' + pad + ', 1,]', '[' + pad + '] [1]',
                        '[' + pad + ', "\t"]']
                def outcome(doc, **hook):
                    try:
                        value = json.loads(doc, **hook)
                        return repr(value), [type(v).__name__ for v in (value if isinstance(value, list) else value.values())]
                    except ValueError as e:
                        return type(e).__name__ + ': ' + str(e)
                for doc in docs:
                    print(outcome(doc) == outcome(doc, object_pairs_hook=dict), str(outcome(doc))[-60:])
                print('hooks', json.loads(docs[0], object_pairs_hook=len)[1], repr(json.loads(docs[1], parse_int=str)['k'][5]))
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(7, r.stdout().lines().filter(line -> line.startsWith("True ")).count(), r.stdout());
        assertTrue(r.stdout().lines().limit(4).noneMatch(line -> line.contains("Error")), r.stdout());
        assertTrue(r.stdout().contains("hooks 3 '5'\n"), "hooks are honoured: " + r.stdout());
        assertTrue(r.stdout().contains("JSONDecodeError: Extra data: line 1 column 3006 (char 3005)"), r.stdout());
        assertTrue(r.stdout().contains("Invalid control character at: line 1 column 3007"), r.stdout());
    }

    /**
     * JSON offsets count code points, as in CPython, also after characters outside the BMP (GraalPy 25.0's scanner
     * counted UTF-16 units) and on the host path for large documents: raw_decode in a loop, error positions, text after
     * the document, scanstring. The expected lines are CPython 3.11's output for the same code.
     */
    @Test
    void jsonOffsetsCountCodePointsAfterCharactersOutsideTheBmp() {
        McpCalls.Exec r = mcp.exec("""
                import json, json.decoder
                d = json.JSONDecoder()
                pairs = json.JSONDecoder(object_pairs_hook=list)
                emoji = '\\U0001F600'
                pad = '"' + 'p' * 3000 + '"'
                def decode_all(decoder, s):
                    out, i = [], 0
                    while True:
                        while i < len(s) and s[i] == ' ':
                            i += 1
                        if i == len(s):
                            return [(v if len(ascii(v)) < 40 else 'long', end) for v, end in out]
                        value, i = decoder.raw_decode(s, i)
                        out.append((value, i))
                def outcome(f):
                    try:
                        return ascii(f())
                    except (ValueError, StopIteration) as e:
                        return f"{type(e).__name__}: {e}"
                stream = '{"a": "' + emoji + '"} {"b": 2} ["\\u00e9' + emoji * 2 + '", 3] "' + emoji + '"'
                print(outcome(lambda: decode_all(d, stream)))
                print(outcome(lambda: decode_all(pairs, stream)))
                print(outcome(lambda: decode_all(d, '[' + pad + ', "' + emoji + '"] [1] [' + pad + ']')))
                print(outcome(lambda: json.loads('["' + emoji + '"]]')))
                print(outcome(lambda: json.loads('["' + emoji + '", "a" "b"]')))
                print(outcome(lambda: json.loads('[' + pad + ', "' + emoji + '"] x')))
                print(outcome(lambda: json.loads('[' + pad + ', "' + emoji + '", ]')))
                print(outcome(lambda: d.raw_decode('"' + emoji + '" ["x"]', 3)))
                print(outcome(lambda: d.raw_decode('"' + emoji + '" ', 4)))
                print(outcome(lambda: json.decoder.scanstring('"' + emoji + 'x" "y"', 1)))
                print(outcome(lambda: json.decoder.scanstring('"' + emoji + 'x', 1)))
                print(outcome(lambda: len(json.loads('["\\ud83d\\ude00", ' + pad + ']'))))  # two surrogate code points
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("""
                [({'a': '\\U0001f600'}, 10), ({'b': 2}, 19), (['\\xe9\\U0001f600\\U0001f600', 3], 30), ('\\U0001f600', 34)]
                [([('a', '\\U0001f600')], 10), ([('b', 2)], 19), (['\\xe9\\U0001f600\\U0001f600', 3], 30), ('\\U0001f600', 34)]
                [('long', 3009), ([1], 3013), ('long', 6018)]
                JSONDecodeError: Extra data: line 1 column 6 (char 5)
                JSONDecodeError: Expecting ',' delimiter: line 1 column 11 (char 10)
                JSONDecodeError: Extra data: line 1 column 3011 (char 3010)
                JSONDecodeError: Expecting value: line 1 column 3011 (char 3010)
                JSONDecodeError: Expecting value: line 1 column 4 (char 3)
                JSONDecodeError: Expecting value: line 1 column 5 (char 4)
                ('\\U0001f600x', 4)
                JSONDecodeError: Unterminated string starting at: line 1 column 1 (char 0)
                2
                """, r.stdout());
    }

    /** An internal error of GraalPy (a builtin given values it has no case for) is reported as one, not as a refusal. */
    @Test
    void anInternalErrorOfTheInterpreterIsNotReportedAsARefusal() {
        McpCalls.Exec r = mcp.exec("import __graalpython__\n__graalpython__.builtin(1)\n");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().endsWith("SystemError: the interpreter failed internally (UnsupportedSpecializationException); "
                + "this is not a sandbox refusal, and another way to do the same may work\n"), r.stderr());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout(), "the interpreter is still usable");
    }

    @Test
    void printsToStdoutWithExitZero() {
        McpCalls.Exec r = mcp.exec("print(1 + 1)");
        assertEquals("2\n", r.stdout());
        assertEquals("", r.stderr());
        assertEquals(0, r.exitCode());
        assertFalse(r.timedOut());
        assertFalse(r.truncated());
    }

    @Test
    void resultIsAlsoGivenAsJsonText() {
        ToolResponse r = mcp.call("execute_code", Map.of("code", "print('hi')"));
        JsonObject text = new JsonObject(McpCalls.text(r));
        assertEquals("hi\n", text.getString("stdout"));
        assertEquals(0, text.getInteger("exit_code"));
    }

    @Test
    void exceptionIsATracebackAndExitOne() {
        McpCalls.Exec r = mcp.exec("def f():\n    return 1 / 0\nf()");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().startsWith("Traceback (most recent call last):"), r.stderr());
        assertTrue(r.stderr().contains("line 2, in f"), r.stderr());
        assertTrue(r.stderr().endsWith("ZeroDivisionError: division by zero\n"), r.stderr());
        assertFalse(r.stderr().contains("codeexec"), "driver frames leak into the traceback: " + r.stderr());
    }

    @Test
    void syntaxErrorIsExitOne() {
        McpCalls.Exec r = mcp.exec("def broken(:\n  pass");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().contains("SyntaxError"), r.stderr());
    }

    /** except* (GraalPy 25.0 raised "NotImplementedError: try star"); the expected lines are CPython 3.11's. */
    @Test
    void exceptStarSplitsAnExceptionGroupAsInCPython() {
        McpCalls.Exec r = mcp.exec("""
                try:
                    raise ExceptionGroup('g', [ValueError(1), TypeError('t')])
                except* ValueError as e:
                    print('matched', type(e).__name__, e.message, e.exceptions)
                except* TypeError as e:
                    print('then', e.exceptions)
                try:
                    try:
                        raise ExceptionGroup('g', [ValueError(1), KeyError('k')])
                    except* ValueError as e:
                        print('caught', e.exceptions)
                except ExceptionGroup as rest:
                    print('rest', rest.exceptions)
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("""
                matched ExceptionGroup g (ValueError(1),)
                then (TypeError('t'),)
                caught (ValueError(1),)
                rest (KeyError('k'),)
                """, r.stdout());
    }

    @Test
    void sysExitAndOsExitGiveTheirStatus() {
        assertEquals(3, mcp.exec("import sys; sys.exit(3)").exitCode());
        assertEquals(0, mcp.exec("import sys; sys.exit()").exitCode());
        assertEquals(4, mcp.exec("import os; print('x', flush=True); os._exit(4)").exitCode());
        McpCalls.Exec message = mcp.exec("import sys; sys.exit('bye')");
        assertEquals(1, message.exitCode());
        assertEquals("bye\n", message.stderr());
        // A bool is an int, as `sys.exit(not ok)` relies on; out of 0-255 a process's status is the low byte.
        for (Map.Entry<String, Integer> exit : Map.of("sys.exit(not True)", 0, "sys.exit(1 < 2)", 1,
                "sys.exit(256)", 0, "sys.exit(300)", 44, "sys.exit(-1)", 255).entrySet()) {
            McpCalls.Exec r = mcp.exec("import sys; " + exit.getKey());
            assertEquals(exit.getValue(), r.exitCode(), exit.getKey());
            assertEquals("", r.stderr(), exit.getKey());
        }
    }

    @Test
    void stdinIsWhatTheCallerPassed() {
        McpCalls.Exec r = mcp.exec(Map.of("code", "import sys\nprint(sys.stdin.read().upper(), end='')", "stdin",
                "hello\nwörld"));
        assertEquals("HELLO\nWÖRLD", r.stdout());
        McpCalls.Exec none = mcp.exec("import sys\nprint(repr(sys.stdin.read()))");
        assertEquals("''\n", none.stdout());
    }

    /** input() past the end of stdin says where its lines come from: the bare EOFError does not. */
    @Test
    void inputWithoutStdinSaysWhereItsLinesComeFrom() {
        McpCalls.Exec r = mcp.exec("name = input('name? ')");
        assertEquals("name? ", r.stdout());
        assertTrue(r.stderr().endsWith("EOFError: EOF when reading a line\ninput() reads the stdin argument of "
                + "execute_code, a line per call; none was left.\n"), r.stderr());
        assertEquals("hi\n", mcp.exec(Map.of("code", "print(input())", "stdin", "hi")).stdout());
    }

    @Test
    void timeoutIsAResultNotAnError() {
        McpCalls.Exec r = mcp.exec("print('before', flush=True)\nwhile True:\n    pass", 1);
        assertTrue(r.timedOut());
        assertEquals(124, r.exitCode());
        assertTrue(r.stderr().contains("timeout"), r.stderr());
        assertEquals("2\n", mcp.exec("print(2)").stdout(), "the server answers after a timeout");
    }

    /**
     * A run stopped at its deadline ends as a process stopped by Ctrl-C does, before it is answered: `with` exits and
     * atexit handlers run, and the files it left open are written out, instead of losing what Python still buffered.
     */
    @Test
    void aRunStoppedByItsTimeoutKeepsWhatItWroteToItsFiles() {
        // On a worker's first run the imports alone can take a second: they are made before the timed run.
        String files = "('stopped_with.txt', 'stopped_left_open.txt', 'stopped_atexit.txt')";
        assertEquals(0, mcp.exec("import atexit, os, time\nfor p in " + files + ":\n"
                + "    if os.path.exists(p): os.remove(p)").exitCode());
        McpCalls.Exec r = mcp.exec("""
                import atexit, time
                def at_exit():
                    time.sleep(0.1)  # the answer waits for it: read at once, a handler run as the context closes
                    open('stopped_atexit.txt', 'w').write('handler ran')
                atexit.register(at_exit)
                left = open('stopped_left_open.txt', 'w')
                left.write('left open')
                with open('stopped_with.txt', 'w') as f:
                    f.write('inside with')
                    time.sleep(60)
                """, 3);
        assertTrue(r.timedOut(), r.stderr());
        assertEquals("inside with|left open|handler ran\n", mcp.exec("import os\nprint('|'.join(open(p).read() "
                + "if os.path.exists(p) else 'missing' for p in " + files + "))").stdout());
    }

    /**
     * What sys.stdout and sys.stderr still held when the deadline stopped a run (a line not yet ended, the clue to
     * where it hung) reaches the caller: the streams were sealed before the interrupt let the driver flush them.
     */
    @Test
    void aRunStoppedByItsTimeoutKeepsItsUnendedLines() {
        assertEquals(0, mcp.exec("import sys, time").exitCode(), "a worker's first run is not the one timed");
        McpCalls.Exec r = mcp.exec("""
                import sys, time
                print('step 3 of 5...', end='')
                sys.stderr.write('warming cache')
                time.sleep(60)
                """, 3);
        assertTrue(r.timedOut(), r.stderr());
        assertEquals("step 3 of 5...", r.stdout());
        assertTrue(r.stderr().startsWith("warming cache\nTimeoutError: "), r.stderr());
    }

    /**
     * Each thread the deadline stopped ended with Truffle's InterruptExecution, which was printed to the run's stderr
     * as a Java class name and message, one line per thread, ahead of the TimeoutError note.
     */
    @Test
    void aRunStoppedWithItsThreadsRunningShowsNoJavaException() {
        assertEquals(0, mcp.exec("import threading, time").exitCode(), "a worker's first run is not the one timed");
        McpCalls.Exec r = mcp.exec("""
                import sys, threading, time
                started = threading.Barrier(3)
                def poll():
                    started.wait()
                    while True:
                        time.sleep(0.01)
                for _ in range(2):
                    threading.Thread(target=poll).start()
                started.wait()
                sys.stderr.write('both polling')
                time.sleep(60)
                """, 3);
        assertTrue(r.timedOut(), r.stderr());
        assertEquals("both polling\nTimeoutError: execution stopped after its timeout of 3 s (timeout_s)\n",
                r.stderr());
    }

    @Test
    void outputFloodIsTruncatedWithAMarker() {
        McpCalls.Exec r = mcp.exec("import sys\nfor i in range(3000):\n    sys.stdout.write('x' * 1000)\n"
                + "sys.stderr.write('tail')", 60);
        assertEquals(0, r.exitCode());
        assertTrue(r.truncated());
        assertTrue(r.stdout().length() <= 16384, "inline " + r.stdout().length());
        assertTrue(r.stdout().startsWith("xxxx") && r.stdout().endsWith("xxxx"), "head and tail");
        // The spill keeps workspace.max-file-bytes (1 MiB in tests) of the 3,000,000 bytes.
        assertTrue(r.stdout().contains("\n[... ") && r.stdout().contains(" bytes left out; the first 1048576 of "
                + "3000000 bytes are in .runs/"), "the marker says what was left out and where it went");
        assertEquals("tail", r.stderr(), "stderr is capped separately");
    }

    @Test
    void emptyCodeIsAToolErrorNamingTheField() {
        assertToolError(Map.of("code", ""), "code");
        assertToolError(Map.of("code", "   \n"), "code");
    }

    @Test
    void missingCodeIsAToolErrorNamingTheField() {
        assertToolError(Map.of("timeout_s", 5), "code");
    }

    @Test
    void oversizedCodeAndStdinAreToolErrorsNamingTheLimit() {
        String big = "#" + "x".repeat(1 << 20);
        String message = assertToolError(Map.of("code", big), "code");
        assertTrue(message.contains("1048576"), message);
        message = assertToolError(Map.of("code", "pass", "stdin", "y".repeat((1 << 20) + 1)), "stdin");
        assertTrue(message.contains("1048576"), message);
        // Multi-byte characters count as bytes, not chars.
        assertToolError(Map.of("code", "pass", "stdin", "é".repeat(600_000)), "stdin");
    }

    @Test
    void timeoutOutOfRangeIsAToolError() {
        assertTrue(assertToolError(Map.of("code", "pass", "timeout_s", 0), "timeout_s").contains("300"));
        assertTrue(assertToolError(Map.of("code", "pass", "timeout_s", 301), "timeout_s").contains("300"));
        assertToolError(Map.of("code", "pass", "timeout_s", "soon"), "timeout_s");
    }

    @Test
    void toolsListDeclaresTheOutputSchemaInResultNames() {
        McpAssured.newConnectedStreamableClient().when().toolsList(page -> {
            var tool = page.findByName("execute_code");
            JsonObject schema = tool.outputSchema();
            for (String field : new String[] {"stdout", "stderr", "exit_code", "duration_ms", "truncated", "timed_out"}) {
                assertTrue(schema.getJsonObject("properties").containsKey(field), "output schema lacks " + field);
            }
            assertEquals(30, tool.inputSchema().getJsonObject("properties").getJsonObject("timeout_s")
                    .getInteger("default"));
        }).thenAssertResults();
    }

    private String assertToolError(Map<String, Object> args, String field) {
        ToolResponse r = mcp.call("execute_code", new HashMap<>(args));
        assertTrue(r.isError(), "expected a tool error for " + field);
        String message = McpCalls.text(r);
        assertTrue(message.contains(field), "message does not name " + field + ": " + message);
        return message;
    }
}
