"""REST runs without a session, one after another, next to python3 running each program as a new process.

Usage: python3 bench/rest_runs.py [runs] [-Dproperty=value ...]   (after: mvn -B -DskipTests package)
Starts the packaged server, waits until its pool is warm, then posts each program below `runs` times to
POST /api/v1/executions, one at a time, as a script calling the REST API does. Prints the round trip and the server's
duration_ms (p50, p95), python3 -c per run as the yardstick, and how many runs took a spare interpreter (REST runs use
the tenant's warm interpreters; `fresh` would take a spare each time). Standard library only."""
import json
import sys
import time
import urllib.request

from http_throughput import free_port
from mcp_stdio import Server, percentile
import yardstick

ARGS = [a for a in sys.argv[1:] if not a.startswith("-D")]
PROPERTIES = [a for a in sys.argv[1:] if a.startswith("-D")]
RUNS = int(ARGS[0]) if ARGS else 60
PROGRAMS = [
    ("import json", "import json\nprint(json.dumps([1, 2]))"),
    ("re.findall", "import re\nprint(len(re.findall(r'a', 'banana')))"),
]


def post(url, code):
    request = urllib.request.Request(url, data=json.dumps({"code": code}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def main():
    print(yardstick.describe())
    port = free_port()
    server = Server(f"-Dquarkus.http.port={port}", *PROPERTIES)
    url = f"http://127.0.0.1:{port}/api/v1/executions"
    try:
        server.wait_until_warm()
        before = server.call("get_execution_stats")["sandbox"]["spares"]
        for label, code in PROGRAMS:
            trips, durations, cpython = [], [], []
            for _ in range(RUNS):
                start = time.perf_counter()
                out = post(url, code)
                trips.append((time.perf_counter() - start) * 1000)
                assert out["exit_code"] == 0, out
                durations.append(out["duration_ms"])
                cpython.append(yardstick.ms(code, check=True))
            print(f"{label}: {RUNS} REST runs, round trip p50 {percentile(trips, 50):.1f} ms p95 "
                  f"{percentile(trips, 95):.1f}; duration_ms p50 {percentile(durations, 50):.0f} p95 "
                  f"{percentile(durations, 95):.0f}; python3 -c p50 {percentile(cpython, 50):.1f} ms")
        after = server.call("get_execution_stats")["sandbox"]["spares"]
        print(f"spares taken {after['taken'] - before['taken']} of {RUNS * len(PROGRAMS)} runs")
    finally:
        server.close()
    print(f"load average {open('/proc/loadavg').read().split()[0]}")


if __name__ == "__main__":
    main()
