package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Runs without a session reuse a warm interpreter of their tenant, reset to a clean slate: builtins, globals, sys
 * settings and non-standard modules a run leaves behind reach no later run, of the same connection or another.
 */
@QuarkusTest
class WarmInterpretersTest {

    /**
     * Proves two runs shared one interpreter, so the reset (not a new interpreter) is what a test sees: state
     * put into a standard-library module stays within the tenant's warm interpreter. (GraalPy's id() numbers
     * objects per context from 1, so id() cannot tell interpreters apart.)
     */
    static final String MARK = "import json, uuid\njson._warm_mark = str(uuid.uuid4())\nprint(json._warm_mark)\n";
    static final String SHOW_MARK = "import json\nprint(getattr(json, '_warm_mark', 'another interpreter'))\n";

    McpCalls alice;
    McpCalls bob;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        alice = new McpCalls();
        bob = new McpCalls();
    }

    @Test
    void globalsAndBuiltinPatchesNeverReachAnotherCaller() {
        assertEquals("", alice.exec("import builtins\nleaked_global = 1\nbuiltins.leaked_builtin = 'alice'\n"
                + "builtins.len = lambda x: -1").stdout());
        assertEquals("False False 3\n", bob.exec("import builtins\nprint('leaked_global' in globals(), "
                + "hasattr(builtins, 'leaked_builtin'), len('abc'))").stdout());
    }

    @Test
    void standardLibrarySettingsAreAsANewProcessHasThemInTheCallersNextRun() {
        String first = alice.exec(MARK + """
                import csv, decimal, locale, logging, os, random, sys, time
                import xml.etree.ElementTree as ET
                print(time.strftime('%Z'))
                locale.setlocale(locale.LC_ALL, 'POSIX')
                logging.basicConfig(level=logging.INFO, format='first %(message)s')
                logging.getLogger('app').setLevel(logging.ERROR)
                decimal.getcontext().prec = 5
                decimal.DefaultContext.rounding = decimal.ROUND_DOWN
                random.seed(1)
                os.environ['CALLER_SET'] = '1'
                os.environ['TZ'] = 'Asia/Tokyo'
                time.tzset()
                csv.register_dialect('semi', delimiter=';')
                ET.register_namespace('mine', 'urn:mine')
                sys.argv = ['prog', '--flag']
                logging.info('one')
                """).stdout();
        McpCalls.Exec next = alice.exec(SHOW_MARK + """
                import csv, decimal, locale, logging, os, random, sys, time
                import xml.etree.ElementTree as ET
                logging.basicConfig(level=logging.DEBUG, format='next %(levelname)s %(message)s', stream=sys.stdout)
                print(locale.setlocale(locale.LC_CTYPE), locale.setlocale(locale.LC_NUMERIC))
                logging.getLogger('app').debug('two')
                print(decimal.Decimal(2) / decimal.Decimal(3), decimal.Context().rounding)
                print(random.random() != 0.13436424411240122, 'CALLER_SET' in os.environ, time.strftime('%Z'))
                print(csv.list_dialects(), 'urn:mine' in ET._namespace_map, sys.argv)
                """);
        String zone = first.lines().toList().get(1);
        assertEquals(first.lines().findFirst().orElseThrow() + "\n" + """
                C.UTF-8 C
                next DEBUG two
                0.6666666666666666666666666667 ROUND_HALF_EVEN
                True False %s
                ['excel', 'excel-tab', 'unix'] False ['-c']
                """.formatted(zone), next.stdout(), next.stderr());
    }

    @Test
    void theEventLoopAndTheWarningAndThreadHooksAreAsANewProcessHasThemInTheCallersNextRun() {
        String first = alice.exec(MARK + """
                import asyncio, threading, warnings
                async def main():
                    return 'ran'
                print(asyncio.run(main()))
                warnings.showwarning = lambda *args, **kwargs: None
                warnings.formatwarning = lambda *args, **kwargs: 'reformatted'
                threading.excepthook = lambda args: print('hooked')
                """).stdout();
        McpCalls.Exec next = alice.exec(SHOW_MARK + """
                import asyncio, threading, warnings
                loop = asyncio.get_event_loop()
                print(loop.run_until_complete(asyncio.sleep(0, 'second')))
                loop.close()
                warnings.warn('visible')
                print(threading.excepthook is threading.__excepthook__)
                """);
        assertEquals(first.lines().findFirst().orElseThrow() + "\nsecond\nTrue\n", next.stdout(), next.stderr());
        assertEquals("<string>:4: DeprecationWarning: There is no current event loop\n"
                + "<string>:7: UserWarning: visible\n", next.stderr().replaceAll("\n  [^\n]*", ""));
    }

    @Test
    void interpreterSettingsOneCallChangesAreAsANewProcessHasThemInTheCallersNextRun() {
        String first = alice.exec(MARK + """
                import faulthandler, gc, sys, threading, warnings
                sys.set_int_max_str_digits(0)
                sys.tracebacklimit = 0
                sys.settrace(lambda *args: None)
                sys.unraisablehook = lambda unraisable: None
                sys.ps1 = 'leaked> '
                sys.last_value = ValueError('from an earlier run')
                threading.settrace(lambda *args: None)
                gc.disable()
                gc.set_threshold(5)
                faulthandler.enable()
                warnings.defaultaction = 'error'
                warnings.simplefilter('once')
                warnings.warn('once only')
                """).stdout();
        McpCalls.Exec next = alice.exec(SHOW_MARK + """
                import faulthandler, gc, sys, threading, warnings
                try:
                    str(10 ** 5000)
                except ValueError as e:
                    print('limited')
                print(sys.gettrace(), sys.unraisablehook is sys.__unraisablehook__, hasattr(sys, 'ps1'),
                      hasattr(sys, 'last_value'))
                print(threading._trace_hook, gc.isenabled(), gc.get_threshold(), faulthandler.is_enabled())
                warnings.simplefilter('once')
                warnings.warn('once only')
                warnings.warn_explicit('by default', UserWarning, 'lib.py', 1, registry={})
                def inner():
                    raise KeyError('k')
                inner()
                """);
        assertEquals(first + "limited\nNone True False False\nNone True (700, 10, 10) False\n", next.stdout(),
                next.stderr());
        assertEquals("""
                <string>:12: UserWarning: once only
                lib.py:1: UserWarning: by default
                Traceback (most recent call last):
                  File "<string>", line 16, in <module>
                  File "<string>", line 15, in inner
                KeyError: 'k'
                """.stripLeading(), next.stderr().replaceAll("\n  warnings[^\n]*", ""));
    }

    @Test
    void libraryPatchesAndLoggingSettingsDoNotSurviveIntoTheCallersNextRun() {
        String first = alice.exec(MARK + """
                import json, logging, logging.handlers, tempfile, time
                logging.captureWarnings(True)
                logging.addLevelName(5, 'TRACE')
                logging.setLoggerClass(type('Mine', (logging.Logger,), {}))
                logging.Formatter.converter = time.gmtime
                logging.Logger.trace = lambda self, message: self.log(5, message)
                json.JSONEncoder.default = lambda self, o: repr(o)
                tempfile.tempdir = 'elsewhere'
                """).stdout();
        McpCalls.Exec next = alice.exec(SHOW_MARK + """
                import io, json, logging, logging.handlers, tempfile, time, warnings
                print(logging.getLevelName(5), logging.getLoggerClass().__name__, hasattr(logging.Logger, 'trace'))
                print(logging.Formatter.converter is time.localtime, logging.handlers.RotatingFileHandler.__name__)
                try:
                    json.dumps({1, 2})
                except TypeError as e:
                    print(e)
                print(tempfile.gettempdir() != 'elsewhere')
                log = io.StringIO()
                logging.basicConfig(stream=log, format='%(name)s: %(message)s')
                logging.captureWarnings(True)
                warnings.warn('captured')
                print(log.getvalue().split(':')[0])
                """);
        assertEquals(first + """
                Level 5 Logger False
                True RotatingFileHandler
                Object of type set is not JSON serializable
                True
                py.warnings
                """, next.stdout(), next.stderr());
    }

    @Test
    void mockPatchesLeftStartedAreStoppedBeforeTheCallersNextRun() {
        String first = alice.exec(MARK + """
                import os, time
                from unittest import mock
                mock.patch('time.time', return_value=0).start()
                mock.patch.object(os, 'getcwd', return_value='/fake').start()
                mock.patch.dict(os.environ, {'MOCKED': '1'}).start()
                print(time.time(), os.getcwd())
                """).stdout();
        McpCalls.Exec next = alice.exec(SHOW_MARK + """
                import os, time
                from unittest import mock
                print(time.time() > 0, os.getcwd() != '/fake', 'MOCKED' in os.environ, mock.patch.stopall())
                """);
        assertTrue(first.endsWith("\n0 /fake\n"), first);
        assertEquals(first.lines().findFirst().orElseThrow() + "\nTrue True False None\n", next.stdout(),
                next.stderr());
    }

    @Test
    void monkeypatchedPrintAndOpenDoNotSurviveIntoTheCallersNextRun() {
        String first = alice.exec(MARK + "import builtins, io\nkept = 1\n"
                + "builtins.print = lambda *a, **k: None\nbuiltins.open = None\nio.open = None").stdout();
        assertEquals(first + "False True True\n", alice.exec(SHOW_MARK + "import io\n"
                + "print('kept' in globals(), open is not None, io.open is not None)").stdout());
    }

    @Test
    void aPatchedBuiltinThatClaimsEqualityIsStillRestored() {
        String first = alice.exec(MARK + "import builtins\nclass Same:\n"
                + "    def __eq__(self, other):\n        return True\n    __hash__ = object.__hash__\n"
                + "builtins.len = Same()").stdout();
        assertEquals(first + "3\n", alice.exec(SHOW_MARK + "print(len('abc'))").stdout(), sandbox().encode());
    }

    @Test
    void sysSettingsAndWorkingDirectoryAreRestored() {
        String dir = "warm-" + UUID.randomUUID();
        String root = alice.exec("import os\nos.makedirs('" + dir + "')\nprint(os.getcwd())").stdout();
        McpCalls.Exec change = alice.exec(MARK + "import os, sys\nsys.setrecursionlimit(5000)\n"
                + "sys.path.insert(0, '/nowhere')\nos.chdir('" + dir + "')\nsys.stdout = open('captured.txt', 'w')");
        assertEquals(0, change.exitCode(), change.stderr());
        assertEquals(change.stdout() + "True True " + root, alice.exec(SHOW_MARK + "import os, sys\n"
                + "print(sys.getrecursionlimit() != 5000, '/nowhere' not in sys.path, os.getcwd())").stdout());
    }

    @Test
    void outputStreamsAReconfiguredOrClosedByARunAreUsableInTheNext() {
        McpCalls.Exec change = alice.exec(MARK + "import sys\n"
                + "sys.stdout.reconfigure(encoding='ascii', errors='strict', line_buffering=False, write_through=True)\n"
                + "sys.stderr.close()");
        assertEquals(0, change.exitCode(), change.stderr());
        McpCalls.Exec next = alice.exec(SHOW_MARK + "import sys\n"
                + "print('h\u00e9', sys.stdout.encoding, sys.stdout.line_buffering, sys.stdout.write_through)\n"
                + "raise ValueError('after')");
        assertEquals(change.stdout() + "h\u00e9 utf-8 True False\n", next.stdout(), next.stderr());
        assertTrue(next.stderr().endsWith("ValueError: after\n"), next.stderr());
    }

    @Test
    void stdinARunLeftUnreadOrClosedNeverReachesTheNext() {
        String first = alice.exec(Map.of("code", MARK + "print(input())", "stdin", "a\nb\n")).stdout();
        assertTrue(first.endsWith("\na\n"), first);
        String mark = first.substring(0, first.length() - "a\n".length());
        McpCalls.Exec next = alice.exec(Map.of("code", SHOW_MARK + "import sys\nprint(input())\nsys.stdin.close()",
                "stdin", "c\n"));
        assertEquals(mark + "c\n", next.stdout(), next.stderr());
        McpCalls.Exec third = alice.exec(Map.of("code", SHOW_MARK + "print(input())", "stdin", "d\n"));
        assertEquals(mark + "d\n", third.stdout(), third.stderr());
    }

    @Test
    void workspaceModulesLoadTheirNewVersionAndKeepNoAttributesAcrossRuns() {
        String module = "warm_mod_" + UUID.randomUUID().toString().replace("-", "");
        write(module + ".py", "VALUE = 1\n");
        McpCalls.Exec first = alice.exec("import " + module + " as m\nm.extra = 'alice'\nprint(m.VALUE)");
        assertEquals("1\n", first.stdout(), first.stderr());
        write(module + ".py", "VALUE = 2\n");
        assertEquals("2 False\n", alice.exec("import " + module + " as m\nprint(m.VALUE, hasattr(m, 'extra'))").stdout());
        assertEquals("False\n", bob.exec("import " + module + " as m\nprint(hasattr(m, 'extra'))").stdout());
    }

    @Test
    void freshRunSeesNoTraceOfEarlierRuns() {
        alice.exec("import json\njson.warm_marker = 1");
        McpCalls.Exec fresh = alice.exec(Map.of("code", "import json, sys\nprint(hasattr(json, 'warm_marker'))",
                "fresh", true));
        assertEquals("False\n", fresh.stdout());
    }

    /**
     * A new interpreter holds what its driver needs and the modules agents import first (a spare's), no more: the rest
     * is imported on demand and stays warm in the caller's interpreter. importlib.abc alone used to pull in some 40
     * modules (typing, inspect, tempfile, pathlib through importlib.resources), parsed again in every interpreter the
     * pool built.
     */
    @Test
    void aNewInterpreterHoldsOnlyWhatItsDriverNeedsAndTheSparesModules() {
        McpCalls.Exec fresh = alice.exec(Map.of("code", "import sys\n"
                + "print(sorted({'importlib.abc', 'importlib.resources', 'typing', 'inspect', 'tempfile', 'pathlib',"
                + " 'shutil', 'ast', 'statistics'} & set(sys.modules)))",
                "fresh", true));
        assertEquals("[]\n", fresh.stdout(), fresh.stderr());
        McpCalls.Exec onDemand = alice.exec(Map.of("code", "import importlib.abc, typing, pathlib\n"
                + "print(pathlib.PurePosixPath('a', 'b'))", "fresh", true));
        assertEquals("a/b\n", onDemand.stdout(), onDemand.stderr());
    }

    /**
     * The driver imports json (host calls) and traceback (errors) when a run first needs them, on the standard
     * library's path: workspace files named like those modules or what they import cannot stand in for them.
     */
    @Test
    void workspaceFilesNamedLikeTheStandardLibraryBreakNeitherErrorsNorHostCalls() {
        write("json.py", "raise RuntimeError('the workspace json.py ran')\n");
        write("token.py", "raise RuntimeError('the workspace token.py ran')\n");
        try {
            McpCalls.Exec failing = alice.exec(Map.of("code", "def f():\n    1 / 0\nf()", "fresh", true));
            assertEquals("Traceback (most recent call last):\n  File \"<string>\", line 3, in <module>\n"
                    + "  File \"<string>\", line 2, in f\nZeroDivisionError: division by zero\n", failing.stderr());
            McpCalls.Exec hostCall = alice.exec(Map.of("code", "import skills\nprint(type(skills.list()).__name__)",
                    "fresh", true));
            assertEquals("dict\n", hostCall.stdout(), hostCall.stderr());
        } finally {
            for (String file : new String[] {"json.py", "token.py"}) {
                assertTrue(!alice.call("delete_workspace_file", Map.of("path", file)).isError(), file);
            }
        }
    }

    @Test
    void freshAndSessionTogetherAreRefused() {
        ToolResponse r = alice.call("execute_code", Map.of("code", "pass", "fresh", true, "session", "s1"));
        assertTrue(r.isError());
        assertTrue(McpCalls.text(r).startsWith("fresh: cannot be combined with session"), McpCalls.text(r));
    }

    @Test
    void aTimedOutWarmInterpreterIsRecycledAndTheNextRunWorks() {
        long before = recycles("timeout");
        assertTrue(alice.exec("while True:\n    pass", 1).timedOut());
        assertEquals("2\n", alice.exec("print(1 + 1)").stdout());
        assertTrue(recycles("timeout") > before, "timeouts counted as recycles");
    }

    @Test
    void aCallersRunsAgainFindItsWarmInterpreter() {
        alice.exec("pass");
        long before = sandbox().getLong("warm_hits");
        alice.exec("pass");
        alice.exec("pass");
        assertTrue(sandbox().getLong("warm_hits") > before, sandbox().encode());
    }

    @Test
    void statsTimeWorkerStartsAndInterpreterBuilds() {
        alice.exec("pass");
        for (String figure : new String[] {"worker_start", "context_build"}) {
            JsonObject timing = sandbox().getJsonObject(figure);
            assertTrue(timing.getLong("count") >= 1, figure + ": " + timing.encode());
            assertTrue(timing.getLong("p50_ms") > 0, figure + ": " + timing.encode());
            assertTrue(timing.getLong("max_ms") >= timing.getLong("p95_ms"), figure + ": " + timing.encode());
        }
    }

    /**
     * Warm interpreters belong to the tenant, not to a connection or a client's name: a new connection of another
     * client (as remote connectors open for every call) finds the interpreter the tenant's last run used, imports and
     * all, and takes no spare.
     */
    @Test
    void aNewConnectionOfTheTenantFindsItsWarmInterpreter() {
        String mark = alice.exec(MARK).stdout();
        long taken = spares().getLong("taken");
        long hits = sandbox().getLong("warm_hits");
        assertEquals(mark, newCaller().exec(SHOW_MARK).stdout());
        assertEquals(taken, spares().getLong("taken"), spares().encode());
        assertEquals(hits + 1, sandbox().getLong("warm_hits"), sandbox().encode());
    }

    /**
     * A run that finds no idle interpreter (here a new session's first) takes a spare: an interpreter built ahead with
     * the modules agents import first, and reset, so that nothing of its preparation is visible but those modules.
     */
    @Test
    void aNewSessionsFirstRunTakesASpareWithItsModulesImportedAndAClearSlate() {
        long taken = spares().getLong("taken");
        JsonObject opened = JsonObject.mapFrom(alice.call("execute_code", Map.of("session", "new", "code",
                "import sys\nprint(all(m in sys.modules for m in ('json', 're', 'traceback', 'csv', 'datetime')), "
                        + "[k for k in ('os', 're', 'json', 'csv', 'traceback') if k in globals()], '' in sys.path)"))
                .structuredContent());
        assertEquals("True [] True\n", opened.getString("stdout"), opened.getString("stderr"));
        assertEquals(taken + 1, spares().getLong("taken"), spares().encode());
        McpCalls.Exec raised = alice.exec(Map.of("session", opened.getString("session"), "code",
                "raise ValueError('first')"));
        assertEquals("ValueError: first\n", raised.stderr().substring(raised.stderr().lastIndexOf("ValueError")));
        assertEquals(taken + 1, spares().getLong("taken"), "a session's second run is served by its own interpreter");
        assertTrue(spares().getLong("built") >= spares().getLong("taken"), spares().encode());
    }

    /**
     * As at a process's exit: what a run registered with atexit runs at its end, last first, after the caller's
     * code raised too, and a handler's exception is printed and ignored. The caller's next run does not run them
     * again, and a session's wait for the session's end.
     */
    @Test
    void exitHandlersRunAtTheEndOfTheRunThatRegisteredThem() {
        McpCalls.Exec run = alice.exec(MARK + """
                import atexit
                atexit.register(print, 'first registered, last run')
                atexit.register(lambda: 1 / 0)
                atexit.register(print, 'handler', 2, sep=':')
                raise KeyError('body')
                """);
        String[] out = run.stdout().split("\n");
        assertEquals("handler:2\nfirst registered, last run\n", run.stdout().substring(out[0].length() + 1));
        assertEquals(1, run.exitCode(), "the body's KeyError decides the status, not the handler's");
        assertTrue(run.stderr().contains("KeyError: 'body'"), run.stderr());
        assertTrue(run.stderr().contains("Exception ignored in atexit callback")
                && run.stderr().contains("ZeroDivisionError"), run.stderr());

        assertEquals(out[0] + "\n", alice.exec(SHOW_MARK).stdout(), "the next run ran in the same interpreter");
        assertEquals("", alice.exec("pass").stderr());
        // weakref.finalize registers with atexit once, and after running stands down: each run starts it afresh.
        for (int i = 0; i < 2; i++) {
            assertEquals("body\nfinalized\n", alice.exec("import weakref\nclass O: pass\no = O()\n"
                    + "weakref.finalize(o, print, 'finalized')\nprint('body')").stdout());
        }

        JsonObject opened = JsonObject.mapFrom(alice.call("execute_code", Map.of("session", "new", "code",
                "import atexit\natexit.register(print, 'at the session end')\nprint('run')")).structuredContent());
        assertEquals("run\n", opened.getString("stdout"));
        assertEquals("", alice.exec(Map.of("session", opened.getString("session"), "code", "pass")).stdout());
    }

    /** A new connection of the default tenant, from a client of another name. */
    private static McpCalls newCaller() {
        return new McpCalls(McpAssured.newStreamableClient().setName("spare-test-" + UUID.randomUUID()).build()
                .connect());
    }

    private JsonObject spares() {
        return sandbox().getJsonObject("spares");
    }

    private void write(String path, String content) {
        ToolResponse r = alice.call("write_workspace_file", Map.of("path", path, "content", content));
        assertTrue(!r.isError(), McpCalls.text(r));
    }

    private JsonObject sandbox() {
        return JsonObject.mapFrom(alice.call("get_execution_stats", Map.of()).structuredContent())
                .getJsonObject("sandbox");
    }

    private long recycles(String cause) {
        return sandbox().getJsonObject("warm_recycles").getLong(cause, 0L);
    }
}
