"""Trivial-execution latency over stdio, next to starting `python3 -c` for the same code.

Usage: python3 bench/stdio_latency.py [runs] [isolation]   (after: mvn -B -DskipTests package)
Prints p50/p95 of the client-side round trip and of the server-side duration_ms, for calls sent
back to back (the pool must build a fresh context for every call) and for calls paced 1 s apart
(an agent thinking between calls; the pool refills in between)."""
import sys
import time

from mcp_stdio import Server, cpu_seconds, percentile
import yardstick

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 200
ISOLATION = sys.argv[2] if len(sys.argv) > 2 else "process"
CODE = "print(1+1)"


def main():
    print(yardstick.describe())
    server = Server("-Dsandbox.isolation=" + ISOLATION)
    print(f"isolation={ISOLATION}: process start to initialize answer {server.initialize_ms:.0f} ms")
    server.wait_until_warm()
    for _ in range(20):  # warm the JSON-RPC path and the pool
        server.call("execute_code", code=CODE)
    before = cpu_seconds(server.proc.pid)
    back_to_back = measure(server, RUNS, 0)
    after = cpu_seconds(server.proc.pid)
    paced = measure(server, max(20, RUNS // 5), 1.0)
    server.close()

    cpython = [yardstick.ms(CODE, check=True) for _ in range(min(RUNS, 100))]

    print(f"code={CODE!r}")
    for label, (round_trips, in_server) in (("back to back", back_to_back), ("paced 1 s", paced)):
        print(f"{label:>12} ({len(round_trips)} calls): round trip over stdio p50 {percentile(round_trips, 50):.1f} ms"
              f"  p95 {percentile(round_trips, 95):.1f} ms; duration_ms in server p50 {percentile(in_server, 50):.1f}"
              f"  p95 {percentile(in_server, 95):.1f}")
    print("CPU per back-to-back call: " + ", ".join(f"{part} {(after[part] - before[part]) * 1000 / RUNS:.2f} ms"
                                                      for part in ("server", "workers")))
    print(f"python3 -c process start: p50 {percentile(cpython, 50):.1f} ms  p95 {percentile(cpython, 95):.1f} ms")


def measure(server, runs, pause_s):
    round_trips, in_server = [], []
    for _ in range(runs):
        if pause_s:
            time.sleep(pause_s)
        start = time.perf_counter()
        result = server.call("execute_code", code=CODE)
        round_trips.append((time.perf_counter() - start) * 1000)
        in_server.append(result["duration_ms"])
        assert result["stdout"] == "2\n", result
    return round_trips, in_server


if __name__ == "__main__":
    main()
