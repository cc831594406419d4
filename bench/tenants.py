"""What serving one tenant per worker costs: first calls, one tenant's throughput, two tenants mixed.

Usage: python3 bench/tenants.py [clients-per-phase] [calls-per-client] [--tenants N] [-Dproperty=value ...]
(defaults 8, 30 and 2)
(after: mvn -B -DskipTests package)
A worker serves one tenant at a time and is recycled before it serves another (THREAT_MODEL T4b), so a tenant's
first call may wait for a worker to start, and two tenants sharing the pool cost worker starts that one tenant
never pays. The server runs with N token tenants (alpha, beta, ...; more than the running slots and the spare
shows whether a tenant beyond them waits for a worker); after a first start that records the workers'
ahead-of-time cache, it is started again: each tenant's first call in turn, from the moment it reports ready;
then the same number of clients, each a new MCP connection sending the http_throughput mix back to back, all
of alpha (one tenant) and then half alpha, half beta (two tenants). For each phase it prints executions/s, round-trip p50/p95, and the workers started and recycled for a tenant during it;
python3 -c per call from as many threads is the yardstick. Standard library only."""
import sys
import time

TENANTS = 2
if "--tenants" in sys.argv:
    at = sys.argv.index("--tenants")
    TENANTS = int(sys.argv[at + 1])
    # http_throughput reads the same positional arguments (clients, calls) on import, without this option.
    del sys.argv[at:at + 2]

from http_throughput import free_port, run_clients, run_python3  # noqa: E402
from mcp_http import HttpClient  # noqa: E402
from mcp_stdio import Server, percentile  # noqa: E402
import yardstick  # noqa: E402

ARGS = [a for a in sys.argv[1:] if not a.startswith("-D")]
PROPERTIES = [a for a in sys.argv[1:] if a.startswith("-D")]
CLIENTS = int(ARGS[0]) if len(ARGS) > 0 else 8
CALLS = int(ARGS[1]) if len(ARGS) > 1 else 30
NAMES = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"][:TENANTS]
TOKENS = {name: f"bench-{name}-token" for name in NAMES}


def pool(server):
    sandbox = server.call("get_execution_stats")["sandbox"]
    return sandbox["worker_start"]["count"], sandbox["workers_recycled_for_tenant"]


def timed_first_call(url, tenant):
    client = HttpClient(url, TOKENS[tenant], name=f"bench-{tenant}-first")
    start = time.perf_counter()
    out = client.execute("print(1+1)")
    assert out.get("stdout") == "2\n", out
    return (time.perf_counter() - start) * 1000


def phase(server, url, tenants):
    """Each client a new connection of its tenant, sending the mix back to back; returns the figures."""
    clients = [HttpClient(url, TOKENS[t], name=f"bench-{t}-{i}") for i, t in enumerate(tenants)]
    started, recycled = pool(server)
    elapsed, latencies, wrong = run_clients(clients)
    now_started, now_recycled = pool(server)
    return elapsed, latencies, wrong, now_started - started, now_recycled - recycled


def main():
    print(yardstick.describe())
    tenants = [f"-Dcodeexec.tenants.{name}.token={token}" for name, token in TOKENS.items()]
    # As after a restart: a first start records the workers' ahead-of-time cache in the data directory.
    primer = Server(f"-Dquarkus.http.port={free_port()}", *tenants, *PROPERTIES)
    primer.wait_until_warm()
    primer.close()
    port = free_port()
    server = Server(f"-Dquarkus.http.port={port}", *tenants, *PROPERTIES)
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        while not server.call("get_execution_stats").get("ready"):
            time.sleep(0.1)
        print(f"from the moment the server is ready; {CLIENTS} clients x {CALLS} calls per phase")
        for name in NAMES:
            print(f"first call of tenant {name}: {timed_first_call(url, name):.0f} ms")
        server.wait_until_warm()
        # Each tenant's first worker started quick (C1 alone); the phases measure the successors that replace them.
        deadline = time.time() + 300
        while server.quick_workers() and time.time() < deadline:
            time.sleep(0.5)
        server.wait_until_warm()
        started, recycled = pool(server)
        print(f"pool ready after the first calls: {started} workers started, {recycled} recycled for a tenant")
        one = ["alpha"] * CLIENTS
        two = [("alpha", "beta")[i % 2] for i in range(CLIENTS)]
        for label, tenants_of_clients in (("one tenant", one), ("two tenants", two)):
            elapsed, latencies, wrong, started, recycled = phase(server, url, tenants_of_clients)
            print(f"{label}: {len(latencies) / elapsed:.1f} executions/s; round trip p50 "
                  f"{percentile(latencies, 50):.0f} ms p95 {percentile(latencies, 95):.0f} ms; workers started "
                  f"{started}, recycled for a tenant {recycled}" + (f"; WRONG answers {len(wrong)}" if wrong else ""))
    finally:
        server.close()
    elapsed, latencies = run_python3()
    print(f"python3 -c per call, {CLIENTS} threads: {len(latencies) / elapsed:.1f} executions/s; "
          f"load average {open('/proc/loadavg').read().split()[0]}")


if __name__ == "__main__":
    main()
