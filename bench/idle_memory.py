"""What the default set-up holds while nobody calls it: RSS and PSS of the server and its workers.

Usage: python3 bench/idle_memory.py [idle_s] [-Dproperty=value ...]   (after: mvn -B -DskipTests package)
Starts the packaged server over stdio as a user would (scripts/code-execution-mcp, default settings), waits until
its pool is started, runs one small program that imports json and raises (what agents send first), then stays idle
for `idle_s` seconds (default 90) and reads memory from get_execution_stats every 15 s: the server's own
(`memory`) and the workers' (`sandbox.workers_memory`, summed over their process trees, bwrap included), both from
/proc/<pid>/smaps_rollup. A python3 process that imported json is printed beside it as the yardstick."""
import sys
import time

from mcp_stdio import Server
import yardstick

IDLE_S = int(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-D") else 90
PROPERTIES = [a for a in sys.argv[1:] if a.startswith("-D")]
MIB = 1 << 20


def snapshot(server):
    stats = server.call("get_execution_stats")
    sandbox = stats["sandbox"]
    workers = sandbox.get("workers_memory") or {}
    return {
        "server_rss": stats["memory"]["rss_bytes"] / MIB,
        "server_pss": stats["memory"]["pss_bytes"] / MIB,
        "workers_rss": workers.get("rss_bytes", 0) / MIB,
        "workers_pss": workers.get("pss_bytes", 0) / MIB,
        "workers_live": sandbox.get("workers_live"),
    }


def python3_rss():
    out = yardstick.run("import json, re\n"
                        "print(open('/proc/self/status').read().split('VmRSS:')[1].split()[0])",
                        capture_output=True, text=True, check=True).stdout
    return int(out) / 1024


def main():
    print(yardstick.describe())
    server = Server(*PROPERTIES)
    try:
        server.wait_until_warm()
        result = server.call("execute_code", code="import json\nprint(json.dumps([1, 2]))\nraise ValueError('x')")
        assert result["stdout"] == "[1, 2]\n", result
        started = time.time()
        print("idle s | workers | server RSS / PSS MiB | workers RSS / PSS MiB | total RSS / PSS MiB")
        while True:
            s = snapshot(server)
            print(f"{time.time() - started:6.0f} | {s['workers_live']:7} | {s['server_rss']:6.0f} / {s['server_pss']:4.0f}"
                  f"          | {s['workers_rss']:6.0f} / {s['workers_pss']:4.0f}          | "
                  f"{s['server_rss'] + s['workers_rss']:6.0f} / {s['server_pss'] + s['workers_pss']:4.0f}")
            if time.time() - started >= IDLE_S:
                break
            time.sleep(15)
        print(f"python3 with json and re imported: {python3_rss():.0f} MiB RSS")
        with open("/proc/loadavg") as f:
            print("load average", f.read().split()[0])
    finally:
        server.close()


if __name__ == "__main__":
    main()
