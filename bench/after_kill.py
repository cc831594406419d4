"""A caller's next run after a run killed at its deadline, on the default pool (one worker to begin with).

Usage: python3 bench/after_kill.py [kills] [-Dproperty=value ...]   (after: mvn -B -DskipTests package)
Each round runs guest code stuck in a long builtin with timeout_s 1 (it ignores the cancellation, so only killing its
worker stops it) and then, at once, a small run of the same caller: prints how long each took to answer, p50 and
max. The second waits for whatever worker takes the killed one's place. Standard library only."""
import sys
import time

from mcp_stdio import Server, percentile

KILLS = int(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-D") else 3
PROPERTIES = [a for a in sys.argv[1:] if a.startswith("-D")]
STUCK = "print(sum(range(10**13)))"


def main():
    server = Server(*PROPERTIES)
    killed, following = [], []
    try:
        for _ in range(KILLS):
            server.wait_until_warm()
            start = time.perf_counter()
            result = server.call("execute_code", code=STUCK, timeout_s=1)
            killed.append((time.perf_counter() - start) * 1000)
            assert result["timed_out"], result
            start = time.perf_counter()
            answer = server.call("execute_code", code="print(6*7)")
            following.append((time.perf_counter() - start) * 1000)
            assert answer["stdout"] == "42\n", answer
    finally:
        server.close()
    print(f"{KILLS} kills: the killed run answered after p50 {percentile(killed, 50):.0f} ms (max {max(killed):.0f}); "
          f"the next run after p50 {percentile(following, 50):.0f} ms (max {max(following):.0f})")
    print(f"load average {open('/proc/loadavg').read().split()[0]}")


if __name__ == "__main__":
    main()
