"""Throughput of concurrent agents over MCP streamable HTTP, next to python3 doing the same work.

Usage: python3 bench/http_throughput.py [clients] [calls-per-client] [rounds] [--agents] [-Dproperty=value ...]
(after: mvn -B -DskipTests package)
Each client opens its own MCP session and sends its calls back to back, a mix of a trivial print, a small
JSON aggregation and a regex count, and checks every answer. Prints executions/s, the round-trip p50/p95
over all calls, and, as the yardstick, the same mix run by starting `python3 -c` per call from as many
threads. By default the load starts once every worker is warm and idle. With --agents it is what agents bring: the
clients connect, as new callers, as soon as the server reports ready (after its ready warm-up; the time from
launch to ready is printed), and the mix also holds a program that raises
(exit status 1, a traceback); round 1 is then the figure that matters. It starts a server once before, which
records the workers' ahead-of-time cache as the first start of a build does, so the measured start is any later
one. Standard library only."""
import socket
import sys
import threading
import time

from mcp_http import HttpClient
from mcp_stdio import Server, percentile, record_worker_cache
import yardstick

AGENTS = "--agents" in sys.argv
ARGS = [a for a in sys.argv[1:] if a != "--agents" and not a.startswith("-D")]
PROPERTIES = [a for a in sys.argv[1:] if a.startswith("-D")]  # system properties for the server
CLIENTS = int(ARGS[0]) if len(ARGS) > 0 else 8
CALLS = int(ARGS[1]) if len(ARGS) > 1 else 30
ROUNDS = int(ARGS[2]) if len(ARGS) > 2 else 3

MIX = [
    ("print(1+1)", "2\n"),
    ("import json\nrows = json.loads('[' + ','.join('{\"k\": %d, \"v\": %d}' % (i % 3, i) for i in range(200)) + ']')\n"
     "totals = {}\nfor r in rows:\n    totals[r['k']] = totals.get(r['k'], 0) + r['v']\nprint(json.dumps(totals, sort_keys=True))",
     '{"0": 6633, "1": 6700, "2": 6567}\n'),
    ("import re\nprint(len(re.findall(r'[a-z]+@[a-z]+\\.com', 'mail bob@example.com and ann@test.com; ' * 50)))", "100\n"),
]
# What an agent's program does when its input is not what it expected: exit status 1 and a traceback.
RAISING = ("def parse(v):\n    return int(v)\nprint(sum(parse(v) for v in ['1', '2', 'x']))", "")
if AGENTS:
    MIX.append(RAISING)


def expected_exit(code):
    return 1 if (code, "") == RAISING else 0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_clients(clients):
    latencies, wrong, lock = [], [], threading.Lock()

    def work(index, client):
        for i in range(CALLS):
            code, expected = MIX[(index + i) % len(MIX)]
            start = time.perf_counter()
            out = client.execute(code)
            elapsed = (time.perf_counter() - start) * 1000
            with lock:
                latencies.append(elapsed)
                if out.get("stdout") != expected or out.get("exit_code") != expected_exit(code) \
                        or (expected_exit(code) and "ValueError" not in out.get("stderr", "")):
                    wrong.append(out)

    threads = [threading.Thread(target=work, args=(i, c)) for i, c in enumerate(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start, latencies, wrong


def run_python3():
    latencies, lock = [], threading.Lock()

    def work(index):
        for i in range(CALLS):
            code, expected = MIX[(index + i) % len(MIX)]
            start = time.perf_counter()
            done = yardstick.run(code, capture_output=True, text=True)
            assert done.stdout == expected and done.returncode == expected_exit(code), done
            with lock:
                latencies.append((time.perf_counter() - start) * 1000)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(CLIENTS)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start, latencies


def report(label, elapsed, latencies):
    rate = len(latencies) / elapsed
    print(f"{label}: {len(latencies)} calls in {elapsed:.2f} s = {len(latencies) / elapsed:.1f} executions/s; "
          f"round trip p50 {percentile(latencies, 50):.1f} ms  p95 {percentile(latencies, 95):.1f} ms  "
          f"max {max(latencies):.1f} ms")
    return rate


def main():
    print(yardstick.describe())
    if AGENTS:
        # What a server meets at every start but the first after a build: its workers' cache recorded.
        record_worker_cache(*PROPERTIES)
    port = free_port()
    server = Server(f"-Dquarkus.http.port={port}", *PROPERTIES)
    if AGENTS:
        while not server.call("get_execution_stats").get("ready"):
            time.sleep(0.1)
        # Readiness comes after the server's ready warm-up (sandbox.ready-warmup-runs): the time it costs is shown.
        print(f"ready {time.perf_counter() - server.started:.1f} s after launch")
    else:
        server.wait_until_warm()
    url = f"http://127.0.0.1:{port}/mcp"
    print(f"{CLIENTS} clients x {CALLS} calls over streamable HTTP, {ROUNDS} rounds on the same connections "
          + ("(new callers from the moment the server is ready; one program in the mix raises)" if AGENTS
             else "(from a warm idle pool; the first round builds each client's interpreter)"))
    rates = []
    try:
        # With --agents each client names itself, as separate agents do; otherwise they share one name, as one agent's
        # parallel connections do. Either way they are one tenant, whose warm interpreters they share.
        clients = [HttpClient(url, name=f"agent-{i}" if AGENTS else "bench-http") for i in range(CLIENTS)]
        for round_number in range(1, ROUNDS + 1):
            elapsed, latencies, wrong = run_clients(clients)
            rates.append(report(f"round {round_number}", elapsed, latencies))
            if wrong:
                print(f"  WRONG answers: {len(wrong)}, first: {wrong[0]}")
        stats = server.call("get_execution_stats")["sandbox"]
        print(f"warm hits {stats['warm_hits']}, misses {stats['warm_misses']}, recycles {stats['warm_recycles']}, "
              f"spares {stats.get('spares')}")
        memory = stats.get("workers_memory") or {}
        print(f"workers {stats.get('workers_live')}: RSS {memory.get('rss_bytes', 0) / 2**20:.0f} MiB, "
              f"PSS {memory.get('pss_bytes', 0) / 2**20:.0f} MiB after the last round")
    finally:
        server.close()
    elapsed, latencies = run_python3()
    cpython = report("python3 -c per call, same threads", elapsed, latencies)
    print(f"round 1 / python3: {rates[0] / cpython:.2f}x; last round / python3: {rates[-1] / cpython:.2f}x; "
          f"load average {open('/proc/loadavg').read().split()[0]}")


if __name__ == "__main__":
    main()
