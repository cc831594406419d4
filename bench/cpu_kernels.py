"""CPU-heavy Python kernels in the sandbox (cold and warm) against python3 on the same machine.

Usage: python3 bench/cpu_kernels.py [jit: off|on|both]   (after: mvn -B -DskipTests package)
cold = a fresh interpreter per run (what execute_code without a session gives);
warm = the best of several runs in one persistent session (compiled code is reused)."""
import sys
import time

from mcp_stdio import Server
import yardstick

KERNELS = {
    "nbody": """
import math
def nbody(steps):
    bodies = [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 39.47], [4.84, -1.16, -0.10, 0.606, 2.81, -0.02, 0.037],
              [8.34, 4.12, -0.40, -1.01, 1.82, 0.008, 0.011], [12.89, -15.11, -0.22, 1.08, 0.868, -0.01, 0.0017],
              [15.37, -25.91, 0.179, 0.979, 0.594, -0.034, 0.002]]
    for _ in range(steps):
        for i in range(5):
            bi = bodies[i]
            for j in range(i + 1, 5):
                bj = bodies[j]
                dx, dy, dz = bi[0] - bj[0], bi[1] - bj[1], bi[2] - bj[2]
                mag = 0.01 / (dx * dx + dy * dy + dz * dz) ** 1.5
                bi[3] -= dx * bj[6] * mag; bi[4] -= dy * bj[6] * mag; bi[5] -= dz * bj[6] * mag
                bj[3] += dx * bi[6] * mag; bj[4] += dy * bi[6] * mag; bj[5] += dz * bi[6] * mag
        for b in bodies:
            b[0] += 0.01 * b[3]; b[1] += 0.01 * b[4]; b[2] += 0.01 * b[5]
    return bodies[0][0]
nbody(20000)
""",
    "fannkuch": """
def fannkuch(n):
    perm1 = list(range(n)); count = [0] * n; maxflips = 0; r = n
    while True:
        while r != 1:
            count[r - 1] = r; r -= 1
        perm = perm1[:]; flips = 0
        k = perm[0]
        while k:
            perm[:k + 1] = perm[k::-1]; flips += 1; k = perm[0]
        maxflips = max(maxflips, flips)
        while True:
            if r == n:
                return maxflips
            p0 = perm1[0]; perm1[:r] = perm1[1:r + 1]; perm1[r] = p0
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1
fannkuch(7)
""",
    "spectral_norm": """
def a(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)
def mul_av(v, n):
    return [sum(a(i, j) * v[j] for j in range(n)) for i in range(n)]
def mul_atv(v, n):
    return [sum(a(j, i) * v[j] for j in range(n)) for i in range(n)]
n = 100; u = [1.0] * n
for _ in range(5):
    v = mul_atv(mul_av(u, n), n); u = mul_atv(mul_av(v, n), n)
""",
    "json_roundtrip": """
import json
doc = {"items": [{"id": i, "name": "item%d" % i, "tags": ["a", "b", "c"], "price": i * 1.5} for i in range(2000)]}
for _ in range(20):
    doc = json.loads(json.dumps(doc))
""",
    "regex_scan": """
import re
text = ("user%d@example.com called 555-01%02d on 2024-01-%02d; " * 1) * 1
lines = [text % (i, i % 100, i % 28 + 1) for i in range(20000)]
blob = "".join(lines)
pattern = re.compile(r"[\\w.]+@[\\w.]+|\\d{3}-\\d{4}|\\d{4}-\\d{2}-\\d{2}")
for _ in range(3):
    found = pattern.findall(blob)
""",
}


def cpython_seconds(code):
    best = None
    for _ in range(3):
        start = time.perf_counter()
        yardstick.run(code, check=True, capture_output=True)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def sandbox_figures(jit):
    server = Server("-Dsandbox.jit=" + jit, "-Dsandbox.max-concurrent=1")
    server.wait_until_warm()
    figures = {}
    for name, code in KERNELS.items():
        cold = server.call("execute_code", code=code, timeout_s=300)
        assert cold["exit_code"] == 0, cold["stderr"]
        warm = []
        for _ in range(5):
            r = server.call("execute_code", code=code, timeout_s=300, session="bench-" + name)
            assert r["exit_code"] == 0, r["stderr"]
            warm.append(r["duration_ms"] / 1000)
        figures[name] = (cold["duration_ms"] / 1000, min(warm))
    server.close()
    return figures


def main():
    print(yardstick.describe())
    modes = ["off", "on"] if len(sys.argv) < 2 or sys.argv[1] == "both" else [sys.argv[1]]
    results = {mode: sandbox_figures(mode) for mode in modes}
    print(f"{'kernel':16}{'python3 s':>11}" + "".join(f"{'jit=' + m + ' cold s':>16}{'jit=' + m + ' warm s':>16}" for m in modes))
    for name, code in KERNELS.items():
        row = f"{name:16}{cpython_seconds(code):>11.2f}"
        for mode in modes:
            cold, warm = results[mode][name]
            row += f"{cold:>16.2f}{warm:>16.2f}"
        print(row)


if __name__ == "__main__":
    main()
