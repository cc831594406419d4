"""What a connector that opens a new MCP connection for every call meets: one tenant, a new connection per call.

Usage: python3 bench/fresh_connections.py [calls] [-Dproperty=value ...]   (after: mvn -B -DskipTests package)
Starts the packaged server with a token tenant and waits until it is warm, then sends `calls` calls, each on a new
streamable HTTP connection of that tenant with the same clientInfo name (as claude.ai's connectors do), of a
trivial program and of one that imports json. The first call builds the tenant's warm interpreter; the rest reuse
it. Prints the server-side duration_ms and the round trip (initialize included) of those later calls, p50 and p95,
next to python3 -c for the same programs. The issue's target: duration_ms of 20 ms or less. Standard library only."""
import sys
import time

from http_throughput import free_port
from mcp_http import HttpClient
from mcp_stdio import Server, percentile
import yardstick

ARGS = [a for a in sys.argv[1:] if not a.startswith("-D")]
PROPERTIES = [a for a in sys.argv[1:] if a.startswith("-D")]
CALLS = int(ARGS[0]) if ARGS else 30
TOKEN = "bench-connector-token"
PROGRAMS = [("print(1+1)", "2\n"), ("import json\nprint(json.dumps([1, 2]))", "[1, 2]\n")]


def main():
    print(yardstick.describe())
    port = free_port()
    server = Server(f"-Dquarkus.http.port={port}", f"-Dcodeexec.tenants.connector.token={TOKEN}", *PROPERTIES)
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        server.wait_until_warm()
        for code, expected in PROGRAMS:
            durations, trips = [], []
            for i in range(CALLS + 1):
                start = time.perf_counter()
                out = HttpClient(url, TOKEN, name="connector").execute(code)
                trip = (time.perf_counter() - start) * 1000
                assert out.get("stdout") == expected, out
                if i > 0:  # the first call of the tenant builds its warm interpreter
                    durations.append(out["duration_ms"])
                    trips.append(trip)
            cpython = [yardstick.ms(code, check=True) for _ in range(5)]
            print(f"{code!r}, {CALLS} new connections: duration_ms p50 {percentile(durations, 50):.0f} "
                  f"p95 {percentile(durations, 95):.0f}; round trip with initialize p50 {percentile(trips, 50):.0f} "
                  f"p95 {percentile(trips, 95):.0f} ms; python3 -c p50 {percentile(cpython, 50):.0f} ms")
        sandbox = server.call("get_execution_stats")["sandbox"]
        print(f"warm hits {sandbox['warm_hits']}, misses {sandbox['warm_misses']}")
    finally:
        server.close()
    print(f"load average {open('/proc/loadavg').read().split()[0]}")


if __name__ == "__main__":
    main()
