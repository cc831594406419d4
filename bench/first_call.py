"""How long a new user waits: process start to the initialize answer, then the first execute_code.

Usage: python3 bench/first_call.py [runs] [-Dproperty=value ...]   (after: mvn -B -DskipTests package)
Each run starts the packaged server over stdio with an existing data directory (and the workers'
ahead-of-time cache recorded there by the first start), sends initialize, then immediately one execute_code, and
reports both times and their sum (from launch: the first worker starts with the server's JVM, so the two share the
cores from the start): `runs` starts whose first program is print(1+1), then `runs` starts whose first program imports
json (what agents send first more often); then the same programs with `python3 -c`. Last, `runs` starts whose data
directory and workspace are new, as a new install's or a container's without a volume are, with the import json
program. With the times it reports the CPU
seconds the server and its workers had used when the first answer came, and how much of it went to the JIT compilers:
on 2 cores the first call waits for CPU, so these are the figures a shared machine does not blur."""
import os
import shutil
import sys
import time

from mcp_stdio import ROOT, Server, cpu_seconds, percentile, record_worker_cache
import yardstick

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
FIRST_PROGRAMS = [("print(1+1)", "2\n"), ("import json\nprint(json.dumps([1, 2]))", "[1, 2]\n")]
# Further arguments are system properties for the server, e.g. -Dsandbox.worker.warmup-rounds=0.
PROPERTIES = sys.argv[2:]


def main():
    print(yardstick.describe())
    print("worker ahead-of-time cache:", record_worker_cache(*PROPERTIES) or "none")
    for code, expected in FIRST_PROGRAMS:
        init, first, worker_start, context_build, cpu = [], [], [], [], []
        for _ in range(RUNS):
            server = Server(*PROPERTIES)
            start = time.perf_counter()
            assert server.call("execute_code", code=code)["stdout"] == expected
            first.append((time.perf_counter() - start) * 1000)
            cpu.append(cpu_seconds(server.proc.pid))
            init.append(server.initialize_ms)
            # The worker that answered, as the server timed it: its start, and the build of its first interpreter.
            sandbox = server.call("get_execution_stats")["sandbox"]
            worker_start.append(sandbox["worker_start"]["p50_ms"])
            context_build.append(sandbox["context_build"]["max_ms"])
            server.close()
        cpython = yardstick.ms(code, check=True)
        launch = [i + f for i, f in zip(init, first)]
        print(f"first program {code!r}, {RUNS} starts: initialize p50 {percentile(init, 50):.0f} ms "
              f"(max {max(init):.0f}); first execute_code after initialize p50 {percentile(first, 50):.0f} ms "
              f"(max {max(first):.0f}), from launch p50 {percentile(launch, 50):.0f} ms; python3 -c {cpython:.0f} ms")
        print(f"  first worker: start p50 {percentile(worker_start, 50):.0f} ms, first interpreter built in p50 "
              f"{percentile(context_build, 50):.0f} ms")
        print("  CPU used by the first answer, p50: server {:.1f} s (JIT {:.1f}), workers {:.1f} s (JIT {:.1f})".format(
            *(percentile([c[key] for c in cpu], 50) for key in ("server", "server_jit", "workers", "workers_jit"))))
    new_install(FIRST_PROGRAMS[1])
    print(f"load average {open('/proc/loadavg').read().split()[0]}")


def new_install(code_expected):
    code, expected = code_expected
    init, first = [], []
    for run in range(RUNS):
        data, workspace = f"target/bench-new-data-{run}", f"target/bench-new-workspace-{run}"
        for directory in (data, workspace):
            shutil.rmtree(os.path.join(ROOT, directory), ignore_errors=True)
        server = Server(*PROPERTIES, f"-Dcodeexec.data-dir=./{data}", f"-Dsandbox.workspace={workspace}")
        start = time.perf_counter()
        assert server.call("execute_code", code=code)["stdout"] == expected
        first.append((time.perf_counter() - start) * 1000)
        init.append(server.initialize_ms)
        server.close()
    print(f"new data directory, first program {code!r}, {RUNS} starts: initialize p50 {percentile(init, 50):.0f} ms; "
          f"first execute_code after initialize p50 {percentile(first, 50):.0f} ms (max {max(first):.0f})")

if __name__ == "__main__":
    main()
