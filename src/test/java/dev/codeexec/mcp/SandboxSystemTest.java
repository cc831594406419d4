package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the sandbox answers where CPython would reach the system: starting processes, the working directory and
 * files outside the workspace, the user and its home. Each is an exception a program catches (GraalPy let some
 * of these past every except clause, and failed internally on others), or a value programs can use. Over MCP.
 */
@QuarkusTest
class SandboxSystemTest {

    private static final String PROCESSES = "PermissionError [Errno 1] creating processes is not allowed in the sandbox";

    McpCalls mcp;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
    }

    /** Runs each expression of {@code calls} in its own try, printing its value or the exception caught. */
    private String attempts(String setup, String... calls) {
        StringBuilder code = new StringBuilder(setup).append('\n');
        for (String call : calls) {
            code.append("try:\n    print(repr(").append(call).append("))\n")
                    .append("except Exception as e:\n    print(type(e).__name__, e)\nfinally:\n    print('finally')\n");
        }
        McpCalls.Exec run = mcp.exec(code.toString());
        assertEquals("", run.stderr(), "every refusal is caught");
        assertEquals(0, run.exitCode());
        return run.stdout();
    }

    @Test
    void startingAProcessRaisesOneCatchablePermissionErrorEverywhere() {
        String out = attempts("import os, subprocess, multiprocessing",
                "os.system('ls')", "os.popen('ls')", "subprocess.run(['ls'])", "subprocess.run('ls', shell=True)",
                "subprocess.check_output(['./script.sh'])", "multiprocessing.Process(target=print).start()");
        assertEquals((PROCESSES + "\nfinally\n").repeat(6), out);
    }

    @Test
    void processPoolsAndTheirLocksAreRefusedNamingTheThreadedAlternatives() {
        String pools = "PermissionError [Errno 1] creating processes is not allowed in the sandbox; multiprocessing.dummy"
                + " and concurrent.futures.ThreadPoolExecutor offer the same API on threads";
        String out = attempts("import multiprocessing, concurrent.futures",
                "multiprocessing.Pool(2)", "multiprocessing.Queue()", "multiprocessing.Lock()",
                "concurrent.futures.ProcessPoolExecutor(2)");
        assertEquals((pools + "\nfinally\n").repeat(4), out);
    }

    @Test
    void threadPoolsOfTheDefaultSizeStayWithinTheRunsThreadsOnAManyCoreHost() {
        // As on a 64-core host: ThreadPoolExecutor's default was 32 threads and ThreadPool's 64 (GraalPy's own count
        // of the cores), past the 16 a run has.
        McpCalls.Exec run = mcp.exec("""
                import os, threading, __graalpython__
                from concurrent.futures import ThreadPoolExecutor
                from multiprocessing.dummy import Pool
                os.cpu_count = __graalpython__.get_max_process_count = lambda: 64
                gate = threading.Event()
                with ThreadPoolExecutor() as executor:
                    futures = [executor.submit(gate.wait, 60) for _ in range(40)]
                    gate.set()
                    print(sum(f.result() for f in futures))
                with Pool() as pool:
                    print(sum(pool.map(abs, range(-40, 0))))
                """);
        assertEquals("40\n820\n", run.stdout(), run.stderr());
    }

    @Test
    void signalHandlersAndAlarmsAreRefusedNamingWhatWorksInstead() {
        String refused = "PermissionError [Errno 1] signal handlers, alarms and _thread.interrupt_main are not "
                + "available in the sandbox; for a time limit, run the work in a thread and wait for it with a timeout "
                + "(a thread's join, a future's result)";
        String out = attempts("import signal, _thread", "signal.signal(signal.SIGALRM, print)", "signal.alarm(5)",
                "signal.setitimer(signal.ITIMER_REAL, 0.5)", "signal.alarm(0)", "_thread.interrupt_main()");
        assertEquals((refused + "\nfinally\n").repeat(3) + "0\nfinally\n" + refused + "\nfinally\n", out);
    }

    @Test
    void theEnvironmentIsALoginShellsWithTheWorkspaceAsHome() {
        McpCalls.Exec run = mcp.exec("""
                import os
                print(sorted(os.environ))
                print(os.environ['HOME'] == os.getcwd() == os.environ['PWD'], os.environ['USER'], os.getenv('LANG'))
                print(os.environ['PATH'])
                """);
        assertEquals("""
                ['HOME', 'LANG', 'LOGNAME', 'PATH', 'PWD', 'SHELL', 'USER']
                True sandbox C.UTF-8
                /usr/local/bin:/usr/bin:/bin
                """, run.stdout(), run.stderr());
    }

    @Test
    void pathsOutsideTheWorkspaceAreRefusedWithCatchableErrors() {
        String out = attempts("import os", "os.chdir('..')", "os.chdir('/tmp')", "os.access('/etc/passwd', os.R_OK)",
                "os.unlink('/etc/passwd')", "os.rmdir('/etc')", "os.remove('../x')");
        assertEquals("""
                PermissionError [Errno 1] Operation not permitted: '..'
                finally
                PermissionError [Errno 1] Operation not permitted: '/tmp'
                finally
                False
                finally
                PermissionError [Errno 13] Permission denied: '/etc/passwd'
                finally
                PermissionError [Errno 13] Permission denied: '/etc'
                finally
                PermissionError [Errno 13] Permission denied: '../x'
                finally
                """, out);
    }

    @Test
    void theUserIsTheSandboxsAndItsHomeIsTheWorkspace() {
        McpCalls.Exec run = mcp.exec("""
                import getpass, os, pathlib, pwd
                me = pwd.getpwuid(os.getuid())
                print(me.pw_name, getpass.getuser(), me.pw_dir == os.getcwd(), pathlib.Path.home() == pathlib.Path.cwd())
                print(os.getlogin(), os.geteuid() == me.pw_uid, os.getegid() == me.pw_gid)
                print(os.path.expanduser('~/data.csv') == os.path.join(os.getcwd(), 'data.csv'))
                print([e.pw_name for e in pwd.getpwall()], pwd.getpwnam('sandbox') == me)
                try:
                    pwd.getpwnam('root')
                except KeyError as e:
                    print('KeyError', e)
                """);
        assertEquals("""
                sandbox sandbox True True
                sandbox True True
                True
                ['sandbox'] True
                KeyError "getpwnam(): name not found: 'root'"
                """, run.stdout(), run.stderr());
    }

    @Test
    void aWrittenFilesSizeIsSeenBeforeItIsClosed() {
        String name = "sized-" + System.nanoTime() + ".txt";
        McpCalls.Exec run = mcp.exec("import os\nopen('" + name + "', 'w').write('hello')\n"
                + "print(os.path.getsize('" + name + "'))\nos.remove('" + name + "')");
        assertEquals("5\n", run.stdout(), run.stderr());
        assertEquals(false, Path.of("target/test-workspace", name).toFile().exists());
    }
}
