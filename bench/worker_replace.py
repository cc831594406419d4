"""How fast a killed worker is replaced, and what an idle worker costs in memory.

Usage: python3 bench/worker_replace.py [kills] [server JVM options...]   (after: mvn -B -DskipTests package)
Each kill runs guest code stuck in a long builtin, which only killing its process stops (the worker answers
at the deadline and is then replaced); from the moment that result reaches the client, the bench polls get_execution_stats until the pool is full and idle again
and a run of the same caller answers. It also prints the server's own launch-to-ready figure for workers, and
the resident memory of each worker process when idle, and after the caller's warm interpreter imported common modules.
Standard library only."""
import os
import sys
import time

from mcp_stdio import Server, percentile

KILLS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
# For example -Dsandbox.worker.os-sandbox=off, to compare.
OPTIONS = sys.argv[2:]
STUCK = "x = 10**10**8"


def worker_pids(server_pid):
    """Serving worker JVMs only: not the throwaway worker that may be recording the ahead-of-time cache, and not the
    OS sandbox's own processes (bwrap, unshare) between the server and a worker."""
    parents, cmdlines = {}, {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    cmdlines[int(entry)] = f.read()
            except (OSError, ValueError, IndexError):
                pass

    def descends(pid):
        while pid in parents and pid != server_pid:
            pid = parents[pid]
        return pid == server_pid

    return [pid for pid, cmdline in cmdlines.items()
            if pid != server_pid and descends(pid) and cmdline.split(b"\0", 1)[0].endswith(b"/java")
            and b"SandboxWorkerMain" in cmdline and b"AOTCacheOutput" not in cmdline]


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0


def main():
    server = Server("-Dsandbox.max-concurrent=2", *OPTIONS)
    stats = server.wait_until_warm()
    time.sleep(2)  # let the freshly started workers settle before reading their memory
    idle = [rss_mib(pid) for pid in worker_pids(server.proc.pid)]
    print("idle worker RSS: " + ", ".join(f"{m:.0f} MiB" for m in idle))
    replaced = []
    for _ in range(KILLS):
        before = server.wait_until_warm()["sandbox"]["workers_replaced"]
        result = server.call("execute_code", code=STUCK, timeout_s=1)
        killed_at = time.perf_counter()
        assert result["timed_out"], result
        assert server.call("get_execution_stats")["sandbox"]["workers_replaced"] == before + 1
        server.wait_until_warm(poll_s=0.02)
        answer = server.call("execute_code", code="print(6*7)")
        assert answer["stdout"] == "42\n", answer
        replaced.append((time.perf_counter() - killed_at) * 1000)
    starts = server.call("get_execution_stats")["sandbox"]["worker_start"]
    print(f"{KILLS} kills: killed result to a full, idle pool and the next answer p50 {percentile(replaced, 50):.0f} ms, "
          f"max {max(replaced):.0f} ms; server-side worker launch to ready p50 {starts['p50_ms']} ms, "
          f"max {starts['max_ms']} ms over {starts['count']} starts")
    server.call("execute_code", code="import json, re, csv, collections, datetime, statistics")
    print("worker RSS after the caller's warm interpreter imported common modules: " + ", ".join(f"{rss_mib(pid):.0f} MiB" for pid in worker_pids(server.proc.pid)))
    server.close()


if __name__ == "__main__":
    main()
