"""A minimal MCP stdio client for the benchmarks: starts the packaged server and speaks
line-delimited JSON-RPC to it. Standard library only."""
import glob
import json
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAR = os.path.join(ROOT, "target", "quarkus-app", "quarkus-run.jar")


class Server:
    def __init__(self, *system_properties):
        if not os.path.exists(JAR):
            raise SystemExit("build first: mvn -B -DskipTests package")
        # Through the launch script, with the JVM options users get.
        cmd = [os.path.join(ROOT, "scripts", "code-execution-mcp"), "-Dquarkus.http.port=0",
               "-Dsandbox.workspace=target/bench-workspace", "-Dcodeexec.data-dir=./target/bench-data",
               *system_properties]
        env = dict(os.environ, JAVA_HOME=os.environ.get("JAVA_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"))
        self.properties = system_properties
        self.started = time.perf_counter()
        self.log = open(os.path.join(ROOT, "target", "bench-server.log"), "ab")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, text=True, bufsize=1, env=env)
        self.next_id = 0
        init = self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                           "clientInfo": {"name": "bench", "version": "1"}})
        self.initialize_ms = (time.perf_counter() - self.started) * 1000
        assert init["result"]["serverInfo"]["name"] == "code-execution-mcp"
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("server exited; see target/bench-server.log")
            message = json.loads(line)
            if message.get("id") == self.next_id:
                return message

    def call(self, tool, **arguments):
        response = self.request("tools/call", {"name": tool, "arguments": arguments})
        result = response["result"]
        if result.get("isError"):
            raise RuntimeError(result["content"][0]["text"])
        return result["structuredContent"]

    def wait_until_warm(self, timeout_s=300, poll_s=0.5):
        """Waits until every worker is started and idle, so measurements see a warm pool."""
        deadline = time.time() + timeout_s
        while time.time() < deadline:
            stats = self.call("get_execution_stats")
            sandbox = stats.get("sandbox") or {}
            in_process = sandbox.get("isolation") == "in-process"
            pool_full = sandbox.get("workers_starting", 1) == 0 and sandbox.get("workers_live", 0) >= 1 \
                and sandbox.get("workers_idle") == sandbox.get("workers_live")
            if stats.get("ready") and (in_process or pool_full):
                quick = self.quick_workers()
                if quick and not getattr(self, "_quick_served", False):
                    # A tenant's first worker starts compiled by C1 alone and is replaced once it has served a run and
                    # fallen quiet: steady-state figures are the replacement's. Only this connection's tenant (local)
                    # is served here; other tenants' quick workers stay until their own first runs.
                    self._quick_served = True
                    self.call("execute_code", code="pass")
                    while self.quick_workers() >= quick and time.time() < deadline:
                        time.sleep(poll_s)
                    continue
                self.wait_for_aot_training(deadline)
                return stats
            time.sleep(poll_s)
        raise SystemExit("sandbox did not warm up")

    def quick_workers(self):
        """How many workers compiled by C1 alone serve, where the settings did not ask for C1 alone everywhere."""
        if any("TieredStopAtLevel" in p or "TieredCompilation" in p for p in self.properties):
            return 0
        return sum("-XX:TieredStopAtLevel=1" in line and any("SandboxWorkerMain" in arg for arg in line)
                   and not any(arg.startswith("-XX:AOTCacheOutput") for arg in line)
                   for line in descendant_command_lines(self.proc.pid))

    def wait_for_aot_training(self, deadline):
        """Waits while a worker records the ahead-of-time cache in the background (it starts once the pool is full,
        and takes CPU that measurements would otherwise get). Only the server's first wait gives a recording time to
        start."""
        data = os.path.join(ROOT, "target", "bench-data")
        grace = 0 if getattr(self, "_training_checked", False) else 3
        self._training_checked = True
        started = time.time()
        while time.time() < deadline:
            recording = glob.glob(os.path.join(data, "worker-*.aot.*.partial*"))
            if not recording and time.time() - started >= grace:
                return
            time.sleep(0.1)

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def record_worker_cache(*system_properties):
    """Starts a server once and waits until its workers run with an ahead-of-time cache (and the library modules
    recorded with it), as they do after the first start of a build; returns the cache's path or None. The build records
    one for the default settings beside the jars (target/quarkus-app/worker-cache), which workers use at once; for other
    settings the server records its own in the data directory, about a minute of CPU beside whatever runs then. Benches
    that measure from the moment a server is ready call it first. The data directory is the bench's, or the one a
    -Dcodeexec.data-dir names (so that settings compared in turn keep a cache each)."""
    data = os.path.join(ROOT, next((p.split("=", 1)[1] for p in reversed(system_properties)
                                    if p.startswith("-Dcodeexec.data-dir=")), os.path.join("target", "bench-data")))
    for stale in glob.glob(os.path.join(data, "worker-*.aot")):
        os.remove(stale)  # recorded for an earlier build or other settings: wait for this one's
    server = Server(*system_properties)
    try:
        server.call("execute_code", code="pass")
        deadline = time.time() + 180
        while time.time() < deadline:
            recorded = glob.glob(os.path.join(data, "worker-*.aot"))
            in_use = [arg.split("=", 1)[1] for line in descendant_command_lines(server.proc.pid)
                      for arg in line if arg.startswith("-XX:AOTCache=")]
            if recorded or in_use:
                return (recorded or in_use)[0]
            time.sleep(1)
        return None
    finally:
        server.close()


def descendants(pid):
    """The processes under a process, children first, as (pid, CPU ticks used) pairs, from /proc (Linux only)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                children.setdefault(int(fields[1]), []).append((int(entry), int(fields[11]) + int(fields[12])))
            except (OSError, IndexError, ValueError):
                pass
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child[0])
    return found


def descendant_command_lines(pid):
    """The command lines (argument lists) of a process's descendants, from /proc (Linux only)."""
    lines = []
    for child, _ in descendants(pid):
        try:
            with open(f"/proc/{child}/cmdline", "rb") as f:
                lines.append(f.read().decode(errors="replace").split("\0"))
        except OSError:
            pass  # the process ended
    return lines


def thread_ticks(pid):
    """CPU ticks of a process's live threads of two kinds: "jit" for HotSpot's compiler threads ("C1 CompilerThreadN",
    "C2 CompilerThreadN") and "vm" for its VM Thread (where the serial collector runs)."""
    ticks = {"jit": 0, "vm": 0}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except OSError:
            continue  # the thread ended
        name = stat[stat.index("(") + 1:]
        kind = "jit" if name.startswith(("C1 Compiler", "C2 Compiler")) else "vm" if name.startswith("VM Thread)") \
            else None
        if kind:
            fields = stat.rsplit(")", 1)[1].split()
            ticks[kind] += int(fields[11]) + int(fields[12])
    return ticks


def jit_ticks(pid):
    """CPU ticks of a process's JIT compiler threads."""
    return thread_ticks(pid)["jit"]


def workers_threads(pid):
    """CPU seconds of each worker process under a server, by pid, by kind of thread: "jit" and "vm" (thread_ticks),
    and "other", the rest of the process's time, which includes threads that have ended (each run has its own)."""
    hz = os.sysconf("SC_CLK_TCK")
    processes = {}
    for child, used in descendants(pid):
        try:
            kinds = thread_ticks(child)
        except OSError:
            continue  # the process ended
        processes[child] = {"jit": kinds["jit"] / hz, "vm": kinds["vm"] / hz,
                            "other": (used - kinds["jit"] - kinds["vm"]) / hz}
    return processes


def workers_cpu_between(before, after):
    """The workers' CPU by kind of thread between two workers_threads snapshots: what each process alive at the
    second used since the first (all of it for one started between them). A worker that ended in between is left
    out, with what it used: subtracting its earlier total would count less than nothing."""
    zero = {"jit": 0.0, "vm": 0.0, "other": 0.0}
    return {kind: sum(used[kind] - before.get(child, zero)[kind] for child, used in after.items()) for kind in zero}


def cpu_seconds(pid):
    """CPU time (user + system) of a process and of all its descendants, and the share of each that went to JIT
    compiler threads, from /proc (Linux only)."""
    ticks = os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
        own = int(fields[11]) + int(fields[12])
    split = {"server": own / ticks, "server_jit": jit_ticks(pid) / ticks, "workers": 0.0, "workers_jit": 0.0}
    for child, used in descendants(pid):
        split["workers"] += used / ticks
        try:
            split["workers_jit"] += jit_ticks(child) / ticks
        except OSError:
            pass  # the process ended
    return split


def wait_quiet(pid, share=0.05, window_s=1.0, timeout_s=60.0):
    """Waits until a process and its descendants together used less than `share` of one core over `window_s`: what
    compiles or builds in the background after a run ended has finished. Returns the seconds waited, or None when
    they did not fall quiet within timeout_s."""
    def used():
        split = cpu_seconds(pid)
        return split["server"] + split["workers"]

    start = time.perf_counter()
    while time.perf_counter() - start < timeout_s:
        before = used()
        time.sleep(window_s)
        if used() - before < share * window_s:
            return time.perf_counter() - start
    return None


def percentile(values, p):
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, int(round(p / 100 * len(ordered) + 0.5)) - 1))
    return ordered[index]
