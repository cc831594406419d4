package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Everyday Python that GraalPy runs differently from CPython unless the driver adjusts it: the run's __main__
 * module, Java stack traces kept out of stderr, threads (capped, ended with their run), asyncio without a socket
 * pair, and native modules refused alike in every interpreter. Over MCP, as callers use it.
 */
@QuarkusTest
class GuestPythonTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
    }

    @Test
    void theRunsNamespaceIsTheMainModuleAndANewRunGetsANewOne() {
        McpCalls.Exec first = mcp.exec("""
                import sys, pickle
                class Node:
                    pass
                print(sys.modules['__main__'].Node is Node, type(pickle.loads(pickle.dumps(Node()))).__name__)
                """);
        assertEquals("True Node\n", first.stdout(), first.stderr());
        McpCalls.Exec next = mcp.exec("import sys\nprint(hasattr(sys.modules['__main__'], 'Node'), __name__)");
        assertEquals("False __main__\n", next.stdout(), "the warm interpreter's reset gives a new __main__: " + next.stderr());
    }

    @Test
    void aNewInterpretersFirstRunConvertsLocalTimes() {
        // GraalPy's datetime failed these past every except clause until something imported time.
        McpCalls.Exec run = mcp.exec(Map.of("code", """
                import datetime
                day = datetime.datetime(2024, 1, 1)
                print(datetime.datetime.fromtimestamp(86400 * 400).year, datetime.date.fromtimestamp(86400 * 400),
                      datetime.datetime.utcfromtimestamp(0).year, day.timestamp() > 0, day.astimezone().year)
                """, "fresh", true));
        assertEquals("1971 1971-02-05 1970 True 2024\n", run.stdout(), run.stderr());
    }

    @Test
    void anUncaughtErrorGoesToTheCallersExcepthookAsInCPython() {
        McpCalls.Exec hooked = mcp.exec("""
                import sys
                def hook(kind, error, tb):
                    print('hooked:', kind.__name__, error, tb.tb_frame.f_code.co_name)
                sys.excepthook = hook
                {}['key']
                """);
        assertEquals(1, hooked.exitCode());
        assertEquals("hooked: KeyError 'key' <module>\n", hooked.stdout(), hooked.stderr());
        assertEquals("", hooked.stderr());
        McpCalls.Exec broken = mcp.exec("import sys\ndef hook(*args):\n    raise RuntimeError('broken hook')\n"
                + "sys.excepthook = hook\n1 / 0");
        assertEquals("""
                Error in sys.excepthook:
                Traceback (most recent call last):
                  File "<string>", line 3, in hook
                RuntimeError: broken hook

                Original exception was:
                Traceback (most recent call last):
                  File "<string>", line 5, in <module>
                ZeroDivisionError: division by zero
                """, broken.stderr());
        McpCalls.Exec plain = mcp.exec("raise ValueError('after')");
        assertTrue(plain.stderr().startsWith("Traceback (most recent call last):"), "the hook went with its run: "
                + plain.stderr());
    }

    @Test
    void aMisspeltModuleAttributeOrImportedNameGetsCPythonsSuggestion() {
        McpCalls.Exec attribute = mcp.exec("import math\nmath.sqroot(4)");
        assertTrue(attribute.stderr().endsWith("AttributeError: module 'math' has no attribute 'sqroot'. "
                + "Did you mean: 'sqrt'?\n"), attribute.stderr());
        McpCalls.Exec imported = mcp.exec("from collections import OrderedDic");
        assertTrue(imported.stderr().contains("ImportError: cannot import name 'OrderedDic' from 'collections'"),
                imported.stderr());
        assertTrue(imported.stderr().endsWith(". Did you mean: 'OrderedDict'?\n"), imported.stderr());
    }

    @Test
    void cProfileProfilesRunsAndEnabledRegionsOnThePurePythonProfiler() {
        // GraalPy's _lsprof failed every cProfile.Profile() past every except clause.
        McpCalls.Exec run = mcp.exec("""
                import cProfile, io, pstats
                def fib(n):
                    return n if n < 2 else fib(n - 1) + fib(n - 2)
                def calls(profiler):
                    stats = pstats.Stats(profiler, stream=io.StringIO()).stats
                    return [nc for (file, line, name), (cc, nc, tt, ct, callers) in stats.items() if name == 'fib']
                with cProfile.Profile() as profiler:
                    fib(10)
                print(calls(profiler))
                def region():
                    profiler = cProfile.Profile()
                    profiler.enable()
                    fib(5)
                    profiler.disable()
                    return profiler
                print(calls(region()))
                cProfile.run('fib(3)', sort='ncalls')
                """);
        assertEquals(0, run.exitCode(), run.stderr());
        String[] lines = run.stdout().split("\n");
        assertEquals("[177]", lines[0]);
        assertEquals("[15]", lines[1]);
        assertTrue(run.stdout().contains("Ordered by: call count"), run.stdout());
        assertTrue(run.stdout().lines().anyMatch(l -> l.strip().startsWith("5/1 ") && l.endsWith("<string>:2(fib)")),
                run.stdout());
    }

    @Test
    void anInternalErrorOfTheInterpreterShowsNoJavaFrames() {
        // GraalPy maps ripemd160 to a JDK algorithm that does not exist, and appends the Java stack.
        McpCalls.Exec uncaught = mcp.exec("import hashlib\nhashlib.new('ripemd160', b'x')");
        assertEquals(1, uncaught.exitCode());
        assertTrue(uncaught.stderr().contains("UnsupportedDigestmodError"), uncaught.stderr());
        assertNoJava(uncaught.stderr());
        McpCalls.Exec printed = mcp.exec("""
                import hashlib, traceback
                try:
                    hashlib.new('ripemd160', b'x')
                except ValueError:
                    print(traceback.format_exc())
                """);
        assertTrue(printed.stdout().contains("UnsupportedDigestmodError"), printed.stdout());
        assertNoJava(printed.stdout());
    }

    private static void assertNoJava(String text) {
        assertFalse(text.contains("java.") || text.contains("com.oracle.") || text.contains("Java stack"), text);
    }

    @Test
    void threadsAreCappedPerRunAndNoneOutlivesItsRun() {
        McpCalls.Exec capped = mcp.exec("""
                import threading
                stop = threading.Event()
                started = 0
                try:
                    for _ in range(40):
                        threading.Thread(target=stop.wait).start()
                        started += 1
                except RuntimeError as e:
                    print(started, e)
                stop.set()
                """);
        assertEquals("16 can't start a new thread: a run may have 16 threads alive besides its own "
                + "(sandbox.threads-per-run)\n", capped.stdout(), capped.stderr());
        mcp.exec("import threading, time\nthreading.Thread(target=time.sleep, args=(600,), daemon=True).start()");
        McpCalls.Exec after = mcp.exec("import threading\nprint(threading.active_count())");
        assertEquals("1\n", after.stdout(), "a daemon thread ended with its run: " + after.stderr());
    }

    @Test
    void aSessionsThreadEndsWithTheRunThatStartedIt() {
        ToolResponse opened = mcp.call("execute_code", Map.of("code", "import threading, time\nkept = 1\n"
                + "threading.Thread(target=time.sleep, args=(600,), daemon=True).start()\n"
                + "threading.Thread(target=time.sleep, args=(600.0,), daemon=True).start()", "session", "new"));
        JsonObject left = JsonObject.mapFrom(opened.structuredContent());
        String session = left.getString("session");
        assertTrue(left.getString("stderr").contains("2 thread(s) were still running when the run ended"),
                left.getString("stderr"));
        McpCalls.Exec next = mcp.exec(Map.of("code", "import threading\nprint(threading.active_count(), 'kept' in globals())",
                "session", session));
        assertTrue(next.stdout().endsWith("1 False\n"), next.stdout() + next.stderr());
    }

    @Test
    void asyncioRunsWithoutASocketPairAndSocketsStayRefused() {
        McpCalls.Exec r = mcp.exec("""
                import asyncio, socket
                async def main():
                    q = asyncio.Queue()
                    await q.put(1)
                    got = await asyncio.wait_for(q.get(), timeout=5)
                    try:
                        await asyncio.wait_for(asyncio.sleep(10), timeout=0.05)
                    except TimeoutError:
                        timed_out = True
                    return got, timed_out, await asyncio.to_thread(sum, [1, 2])
                print(asyncio.run(main()), flush=True)
                socket.socketpair()
                """);
        assertEquals("(1, True, 3)\n", r.stdout(), r.stderr());
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().endsWith("\nOSError: [Errno 97] network access is not available in the sandbox\n"),
                "the socket pair asyncio no longer needs is still refused: " + r.stderr());
    }

    /**
     * A failed task nobody awaited is reported on stderr as CPython reports it when the task is freed; GraalPy frees
     * nothing in time, so it was never reported. Run twice in one warm interpreter: the second run's task is named
     * as a new process names it, and the first run's is not reported again.
     */
    @Test
    void aTaskExceptionNobodyRetrievedIsReportedAsCPythonReportsIt() {
        String code = """
                import asyncio, gc
                async def boom():
                    raise ValueError("lost")
                async def main():
                    asyncio.create_task(boom())
                    await asyncio.sleep(0.01)
                    gc.collect()  # asyncio's registry of tasks holds the failed one weakly: it must still be reported
                asyncio.run(main())
                print("after run")
                """;
        String expected = """
                Task exception was never retrieved
                future: <Task finished name='Task-2' coro=<boom() done, defined at <string>:2> exception=ValueError('lost')>
                Traceback (most recent call last):
                  File "<string>", line 3, in boom
                ValueError: lost
                """;
        for (int run = 0; run < 2; run++) {
            McpCalls.Exec r = mcp.exec(code);
            assertEquals("after run\n", r.stdout(), r.stderr());
            assertEquals(expected, r.stderr());
        }
    }

    /**
     * So is a plain future's (CPython: "Future exception was never retrieved" as it is freed), and not one whose
     * exception was read.
     */
    @Test
    void aFutureExceptionNobodyRetrievedIsReportedAsCPythonReportsIt() {
        McpCalls.Exec r = mcp.exec("""
                import asyncio
                async def main():
                    loop = asyncio.get_running_loop()
                    lost, read = loop.create_future(), loop.create_future()
                    loop.call_soon(lost.set_exception, KeyError("lost"))
                    read.set_exception(ValueError("read"))
                    read.exception()
                    await asyncio.sleep(0.01)
                asyncio.run(main())
                print("after run")
                """);
        assertEquals("after run\n", r.stdout(), r.stderr());
        assertEquals("""
                Future exception was never retrieved
                future: <Future finished exception=KeyError('lost')>
                KeyError: 'lost'
                """, r.stderr());
    }

    /**
     * An uncaught error's traceback shows the caller's frames only, as CPython's shows none for the C code the
     * sandbox's Python patches stand in for (format, json.dumps, pyexpat).
     */
    @Test
    void aTracebackShowsNoFrameOfTheSandboxsOwnPatches() {
        McpCalls.Exec formatted = mcp.exec("format(1, '.2d')");
        assertEquals("""
                Traceback (most recent call last):
                  File "<string>", line 1, in <module>
                ValueError: Precision not allowed in integer format specifier
                """, formatted.stderr());
        McpCalls.Exec parsed = mcp.exec("""
                import xml.dom.minidom
                def load(text):
                    return xml.dom.minidom.parseString(text)
                load('<a><b></a>')""");
        assertTrue(!parsed.stderr().contains("<pyexpat>") && !parsed.stderr().contains("<_codeexec_"),
                parsed.stderr());
        assertTrue(parsed.stderr().startsWith("""
                Traceback (most recent call last):
                  File "<string>", line 4, in <module>
                  File "<string>", line 3, in load
                """), parsed.stderr());
        assertTrue(parsed.stderr().endsWith("xml.parsers.expat.ExpatError: mismatched tag: line 1, column 8\n"),
                parsed.stderr());
    }

    /**
     * A traceback the caller's code or the standard library prints (traceback.print_exc, logging's "--- Logging error
     * ---") leaves out the sandbox's patches as an uncaught error's does: logging's showed the frame of the patch that
     * checks a record's arguments, between its format and getMessage.
     */
    @Test
    void aTracebackPrintedByTheProgramShowsNoFrameOfTheSandboxsOwnPatches() {
        McpCalls.Exec printed = mcp.exec("""
                import sys, traceback
                try:
                    format(1, '.2d')
                except ValueError:
                    traceback.print_exc(file=sys.stdout)""");
        assertEquals("""
                Traceback (most recent call last):
                  File "<string>", line 3, in <module>
                ValueError: Precision not allowed in integer format specifier
                """, printed.stdout(), printed.stderr());
        McpCalls.Exec logged = mcp.exec("""
                import logging
                logging.basicConfig(format="%(message)s")
                logging.getLogger("app").warning("rows=%d", "many")
                print("went on")""");
        assertEquals("went on\n", logged.stdout());
        assertTrue(logged.stderr().startsWith("--- Logging error ---\n") && !logged.stderr().contains("<_codeexec_"),
                logged.stderr());
        assertTrue(logged.stderr().contains("in getMessage\n    msg = msg % self.args\n"), logged.stderr());
    }

    @Test
    void aModuleWrittenAndLeftOpenImportsWithWhatWasWritten() {
        // CPython closes the unreferenced file at once; GraalPy kept its buffer, and import and runpy read nothing.
        String name = "left_open_" + Long.toHexString(System.nanoTime());
        McpCalls.Exec r = mcp.exec(Map.of("code", """
                import importlib, os, runpy
                open("NAME.py", "w").write("VALUE = 7\\n")
                import NAME
                open("NAME_script.py", "w").write("RESULT = VALUE * 6\\n")
                print(NAME.VALUE, runpy.run_path("NAME_script.py", {"VALUE": 7})["RESULT"])
                open("NAME.py", "w").write("VALUE = 80\\n")
                print(importlib.reload(NAME).VALUE)
                open("NAME.txt", "w").write("raw")
                descriptor = os.open("NAME.txt", os.O_RDONLY)
                print(os.read(descriptor, 8))
                os.close(descriptor)
                """.replace("NAME", name), "fresh", true));
        assertEquals("7 42\n80\nb'raw'\n", r.stdout(), r.stderr());
    }

    @Test
    void filesLeftUnreferencedDoNotRunTheWorkerOutOfDescriptors() {
        // CPython closes an unreferenced file at once; GraalPy keeps its descriptor until a collection, and a worker
        // holds sandbox.worker.max-open-files at most. Each call below meets a worker with none left, held by files
        // that nothing references any more: it collects them and tries again.
        String name = "descriptors_" + Long.toHexString(System.nanoTime());
        McpCalls.Exec r = mcp.exec(Map.of("code", """
                import errno, io, json, os
                with open("NAME.json", "w") as f:
                    json.dump({"n": 1}, f)
                with open("NAME_helper.py", "w") as f:
                    f.write("VALUE = 5\\n")

                def exhaust():
                    held = []
                    try:
                        while len(held) < 100000:
                            held.append(io.FileIO("NAME.json"))
                    except OSError as e:
                        return e.errno == errno.EMFILE
                    return False

                print(exhaust(), json.load(open("NAME.json")))
                print(exhaust(), any(entry.name == "NAME.json" for entry in os.scandir(".")))
                exhausted = exhaust()
                descriptor = os.open("NAME.json", os.O_RDONLY)
                os.close(descriptor)
                print(exhausted, descriptor >= 0)
                exhausted = exhaust()
                import NAME_helper  # importlib lists the directory through posix.listdir, then reads the source
                print(exhausted, NAME_helper.VALUE)
                print(sum(json.load(open("NAME.json"))["n"] for _ in range(600)))
                """.replace("NAME", name), "fresh", true));
        assertEquals("True {'n': 1}\nTrue True\nTrue True\nTrue 5\n600\n", r.stdout(), r.stderr());
    }

    @Test
    void threadNamesStartFromOneInEveryRunAsInANewProcess() {
        String code = """
                import threading
                from concurrent.futures import ThreadPoolExecutor
                thread = threading.Thread(target=lambda: None)
                with ThreadPoolExecutor(1) as pool:
                    print(thread.name, pool.submit(lambda: threading.current_thread().name).result())
                """;
        for (int run = 0; run < 2; run++) {
            McpCalls.Exec r = mcp.exec(code);
            assertEquals("Thread-1 (<lambda>) ThreadPoolExecutor-0_0\n", r.stdout(), "run " + run + ": " + r.stderr());
        }
    }

    @Test
    void aRecursionErrorPastARaisedLimitSaysHowDeepTheSandboxGoes() {
        // The stack's own RecursionError is SandboxEscapeTest's deep recursion; the note depends on the limit alone.
        String raise = "raise RecursionError('maximum recursion depth exceeded')\n";
        McpCalls.Exec raised = mcp.exec("import sys\nsys.setrecursionlimit(10**6)\n" + raise);
        assertEquals(1, raised.exitCode(), raised.stderr());
        assertTrue(raised.stderr().endsWith("""
                RecursionError: maximum recursion depth exceeded
                The sandbox's interpreter stack holds about 18,000 nested Python calls, whatever \
                sys.setrecursionlimit allows: write deeper recursion as a loop with an explicit stack (a list of \
                pending items).
                """), raised.stderr());
        // Without a raised limit CPython stops at 1,000 calls too: nothing to explain.
        McpCalls.Exec plain = mcp.exec(raise);
        assertTrue(plain.stderr().endsWith("\nRecursionError: maximum recursion depth exceeded\n"), plain.stderr());
    }

    @Test
    void tracemallocSaysWhatMeasuresMemoryInstead() {
        McpCalls.Exec r = mcp.exec("""
                import tracemalloc
                print(tracemalloc.is_tracing())
                try:
                    tracemalloc.take_snapshot()
                except RuntimeError as e:
                    print(e)
                tracemalloc.start()
                """);
        assertEquals("False\nthe tracemalloc module must be tracing memory allocations to take a snapshot\n",
                r.stdout(), r.stderr());
        assertTrue(r.stderr().endsWith("NotImplementedError: tracemalloc cannot trace allocations in the sandbox's "
                + "Python; resource.getrusage(resource.RUSAGE_SELF).ru_maxrss gives the peak memory in KiB\n"),
                r.stderr());
    }

    @Test
    void nativeModulesFailWithAnImportErrorThatSaysWhy() {
        McpCalls.Exec r = mcp.exec("""
                for name in ('sqlite3', 'ctypes', 'bz2'):
                    try:
                        __import__(name)
                    except ImportError as e:
                        print(type(e).__name__, e)
                print('\\u00e4.example'.encode('idna'))
                """);
        assertEquals("""
                ImportError sqlite3 is not available in the sandbox: its module _sqlite3 is native code, which the sandbox does not run
                ImportError ctypes is not available in the sandbox: its module _ctypes is native code, which the sandbox does not run
                ImportError bz2 is not available in the sandbox: its module _bz2 is native code, which the sandbox does not run
                b'xn--4ca.example'
                """, r.stdout(), r.stderr());
    }

    /**
     * Archives written and never closed are whole when the run ends, as CPython's collector leaves them: GraalPy may
     * never finalize the writer, and the run's end closed only the file beneath (mutation-checked: without the driver
     * holding the writers, the gzip stream ended early and the zip had no central directory).
     */
    @Test
    void archivesLeftUnclosedAreWholeWhenTheRunEnds() {
        McpCalls.Exec write = mcp.exec("""
                import gzip, io, lzma, os, shutil, tarfile, zipfile
                shutil.rmtree('archives_unclosed', ignore_errors=True)
                os.mkdir('archives_unclosed')
                os.chdir('archives_unclosed')
                gzip.open('notes.txt.gz', 'wt').write('hello gzip\\n' * 100)
                zipfile.ZipFile('bundle.zip', 'w').writestr('inside.txt', 'hello zip')
                lzma.open('notes.txt.xz', 'wt').write('hello xz\\n' * 100)
                info = tarfile.TarInfo('report.txt')
                info.size = 5
                tarfile.open('report.tar.gz', 'w:gz').addfile(info, io.BytesIO(b'12345'))
                """);
        assertEquals("", write.stderr());
        McpCalls.Exec read = mcp.exec("""
                import gzip, lzma, shutil, tarfile, zipfile
                print(len(gzip.open('archives_unclosed/notes.txt.gz', 'rt').read()))
                print(zipfile.ZipFile('archives_unclosed/bundle.zip').read('inside.txt'))
                print(len(lzma.open('archives_unclosed/notes.txt.xz', 'rt').read()))
                print(tarfile.open('archives_unclosed/report.tar.gz').extractfile('report.txt').read())
                shutil.rmtree('archives_unclosed')
                """);
        assertEquals("1100\nb'hello zip'\n900\nb'12345'\n", read.stdout(), read.stderr());
    }

    /**
     * A named temporary file dropped unclosed is gone once the run ends, as CPython's collector deletes it; one made
     * with delete=False stays (mutation-checked: without the driver running the closer's clean-up, both stayed).
     */
    @Test
    void aNamedTemporaryFileLeftOpenIsDeletedWhenTheRunEnds() {
        McpCalls.Exec write = mcp.exec("""
                import os, shutil, tempfile
                shutil.rmtree('temporary_unclosed', ignore_errors=True)
                os.mkdir('temporary_unclosed')
                tempfile.NamedTemporaryFile('w', dir='temporary_unclosed', prefix='dropped').write('scratch')
                tempfile.NamedTemporaryFile('w', dir='temporary_unclosed', prefix='kept', delete=False).write('kept')
                print(len(os.listdir('temporary_unclosed')))
                """);
        assertEquals("2\n", write.stdout(), write.stderr());
        McpCalls.Exec read = mcp.exec("""
                import os, shutil
                names = os.listdir('temporary_unclosed')
                print([n[:4] for n in names], [open('temporary_unclosed/' + n).read() for n in names])
                shutil.rmtree('temporary_unclosed')
                """);
        assertEquals("['kept'] ['kept']\n", read.stdout(), read.stderr());
    }
}
