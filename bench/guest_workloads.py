"""Guest data work in the sandbox against python3 on the same machine, fresh, warm and at steady state.

Usage: python3 bench/guest_workloads.py [options]   (after: mvn -B -DskipTests package)
  --config 'MODE [-Dprop=value ...]'   repeatable (default: off): sandbox.jit and extra system properties of
                            one server, e.g. --config 'on -Dsandbox.worker.java-home=/opt/graalvm-jdk-25' (the JIT
                            needs a GraalVM JDK: on a stock JDK, on runs interpreter-only like off)
  --workloads a,b           a subset of: json_groupby csv_profile text_words jsonl_events and the kernels of cpu_kernels.py
  --runs N                  warm runs per workload (default 10); steady state = median of the last three
  --rounds R                repeat all configurations R times, interleaved (default 1)
  --settle S                seconds to wait once the pool is ready, before the first run (default 0)
  --dump DIR                write each workload to DIR/<name>.py and the inputs, then stop (for GuestProfile.java)

Workloads (inputs generated deterministically into the bench workspace, target/bench-workspace/bench-data,
and not committed):
  json_groupby  json.load of a 5.8 MB file of 50,000 records, group by two keys with collections.defaultdict,
                top 5 sorted, one compiled regex over every record (issue #16's workload)
  csv_profile   a profile of a 20 MB CSV (per column: empties, distinct values, numeric min/max/mean)
  text_words    tokenize and count the words of 10 MB of text
  jsonl_events  json.loads of each of 50,000 log lines (5 MB; 3% hold a character outside the BMP), counted
  <kernels>     the five kernels of cpu_kernels.py

Each workload measures its own body with time.perf_counter() (wall) and time.thread_time() (CPU of the thread
running it; GC and compiler threads are left out) and prints both, in the sandbox as in python3, so both exclude
process and interpreter start. Per configuration, one server with one worker
(sandbox.max-concurrent=1) runs, for each workload in order: one run with fresh=true (a new interpreter;
code the worker's engine compiled for earlier workloads stays), then N plain runs, which reuse the caller's
warm interpreter. python3 runs each workload three times right after (median).
"""
import argparse
import json
import os
import random
import shlex
import statistics
import time

from cpu_kernels import KERNELS
from mcp_stdio import ROOT, Server
import yardstick

WORKSPACE = os.path.join(ROOT, "target", "bench-workspace")
DATA = os.path.join(WORKSPACE, "bench-data")
MARK = "__elapsed__"

DATA_WORK = {
    "json_groupby": """
import collections, json, re
with open("bench-data/records.json") as f:
    records = json.load(f)
groups = collections.defaultdict(lambda: [0, 0.0])
for r in records:
    g = groups[(r["region"], r["category"])]
    g[0] += 1
    g[1] += r["amount"]
top = sorted(groups.items(), key=lambda kv: kv[1][1], reverse=True)[:5]
email = re.compile(r"[a-z0-9._]+@[a-z0-9-]+(\\.[a-z0-9-]+)*\\.[a-z]{2,}")
valid = sum(1 for r in records if email.fullmatch(r["email"]))
for (region, category), (n, total) in top:
    print(f"{region:10} {category:12} {n:6} {total:14.2f}")
print("valid emails", valid)
""",
    "csv_profile": """
import csv
with open("bench-data/table.csv", newline="") as f:
    reader = csv.reader(f)
    header = next(reader)
    n = len(header)
    empty = [0] * n
    distinct = [set() for _ in range(n)]
    numeric = [True] * n
    lo = [float("inf")] * n
    hi = [float("-inf")] * n
    total = [0.0] * n
    rows = 0
    for row in reader:
        rows += 1
        for i, v in enumerate(row):
            if not v:
                empty[i] += 1
                continue
            distinct[i].add(v)
            if numeric[i]:
                try:
                    x = float(v)
                except ValueError:
                    numeric[i] = False
                    continue
                if x < lo[i]:
                    lo[i] = x
                if x > hi[i]:
                    hi[i] = x
                total[i] += x
print("rows", rows)
for i, name in enumerate(header):
    stats = f" min {lo[i]:.2f} max {hi[i]:.2f} mean {total[i] / max(1, rows - empty[i]):.2f}" if numeric[i] else ""
    print(f"{name:10} empty {empty[i]:6} distinct {len(distinct[i]):7}{stats}")
""",
    "jsonl_events": """
import collections, json
levels, slow, rockets = collections.Counter(), 0, 0
with open("bench-data/events.jsonl", encoding="utf-8") as f:
    for line in f:
        e = json.loads(line)
        levels[e["level"]] += 1
        slow += e["ms"] > 100
        rockets += "\U0001F680" in e["msg"]
print(sorted(levels.items()), "slow", slow, "rockets", rockets)
""",
    "text_words": """
import collections, re
word = re.compile(r"[a-z']+")
counts = collections.Counter()
with open("bench-data/text.txt") as f:
    for line in f:
        counts.update(word.findall(line.lower()))
print("words", sum(counts.values()), "distinct", len(counts))
for w, c in counts.most_common(5):
    print(w, c)
""",
}

WORKLOADS = {**DATA_WORK, **KERNELS}


def timed(code):
    # Wall time and the running thread's CPU time, the second being the steadier figure on a shared, loaded
    # machine. GraalPy's process_time() is wall time minus sleeps, so thread_time() (ThreadMXBean there) is the
    # CPU figure both interpreters report alike; it leaves out GC and compiler threads.
    return ("import time as __bench_time\n__bench_t0 = __bench_time.perf_counter()\n"
            "__bench_c0 = __bench_time.thread_time()\n" + code
            + f"\nprint({MARK!r}, __bench_time.perf_counter() - __bench_t0, __bench_time.thread_time() - __bench_c0)\n")


def elapsed(stdout):
    """(wall seconds, CPU seconds) printed by timed()."""
    for line in stdout.splitlines():
        if line.startswith(MARK):
            _, wall, cpu = line.split()
            return float(wall), float(cpu)
    raise RuntimeError("no timing in output: " + stdout[-300:])


def generate_inputs():
    """Writes the inputs once; the same seed gives the same bytes on every machine."""
    os.makedirs(DATA, exist_ok=True)
    rnd = random.Random(16)
    regions = ["eu-west", "eu-north", "us-east", "us-west", "ap-south", "ap-east", "sa-east", "af-south"]
    categories = ["books", "garden", "toys", "music", "tools", "kitchen", "sports", "health", "office", "pets",
                  "games", "baby", "beauty", "auto", "shoes", "movies"]
    path = os.path.join(DATA, "records.json")
    if not os.path.exists(path):
        records = []
        for i in range(50_000):
            user = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rnd.randint(4, 10)))
            email = f"{user}.{i}@{rnd.choice(['example.com', 'mail.example.org', 'corp.test'])}"
            if rnd.random() < 0.05:
                email = email.replace("@", " at ")
            records.append({"id": i, "region": rnd.choice(regions), "category": rnd.choice(categories),
                            "amount": round(rnd.uniform(1, 500), 2),
                            "day": f"2024-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}",
                            "email": email})
        with open(path + ".tmp", "w") as f:
            json.dump(records, f, separators=(",", ":"))
        os.replace(path + ".tmp", path)
    path = os.path.join(DATA, "table.csv")
    if not os.path.exists(path):
        with open(path + ".tmp", "w", newline="") as f:
            f.write("id,city,product,price,qty,discount,date,status,score,comment\n")
            cities = ["Berlin", "Paris", "Lisbon", "Oslo", "Rome", "Madrid", "Vienna", "Prague", "Dublin", "Athens"]
            for i in range(300_000):
                f.write(f"{i},{rnd.choice(cities)},P{rnd.randint(1, 5000):05d},{rnd.uniform(0.5, 999):.2f},"
                        f"{rnd.randint(1, 50)},{'' if rnd.random() < 0.3 else f'{rnd.random():.3f}'},"
                        f"2024-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d},"
                        f"{rnd.choice(['open', 'paid', 'shipped', 'returned'])},{rnd.gauss(50, 15):.4f},"
                        f"\"{rnd.choice(['ok', 'late, again', 'fine', ''])}\"\n")
        os.replace(path + ".tmp", path)
    path = os.path.join(DATA, "text.txt")
    if not os.path.exists(path):
        syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "shi", "po", "ve", "dan", "ter", "ol", "in", "ex", "qu"]
        vocabulary = ["".join(rnd.choice(syllables) for _ in range(rnd.randint(1, 4))) for _ in range(20_000)]
        weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
        with open(path + ".tmp", "w") as f:
            size = 0
            while size < 10_000_000:
                words = rnd.choices(vocabulary, weights, k=12)
                words[0] = words[0].capitalize()
                line = " ".join(words) + rnd.choice([".", ",", "!", "?", "'s"]) + "\n"
                f.write(line)
                size += len(line)
        os.replace(path + ".tmp", path)
    path = os.path.join(DATA, "events.jsonl")
    if not os.path.exists(path):
        rnd = random.Random(161)  # its own seed: the files above stay as they were
        words = ["deploy", "caf\u00e9", "retry", "M\u00fcnchen", "timeout", "ok", "na\u00efve", "queue", "cache"]
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            for i in range(50_000):
                message = " ".join(rnd.choices(words, k=rnd.randint(2, 8)))
                if rnd.random() < 0.03:
                    message += " \U0001F680"
                f.write(json.dumps({"ts": 1_700_000_000 + i, "level": rnd.choice(["info", "warn", "error"]),
                                    "service": rnd.choice(["api", "worker", "billing"]), "msg": message,
                                    "ms": round(rnd.expovariate(1 / 40), 1)}, ensure_ascii=False) + "\n")
        os.replace(path + ".tmp", path)
    return {name: os.path.getsize(os.path.join(DATA, name)) for name in sorted(os.listdir(DATA))}


def python3_seconds(code):
    times = []
    for _ in range(3):
        done = yardstick.run(timed(code), cwd=WORKSPACE, check=True, capture_output=True, text=True)
        times.append(elapsed(done.stdout))
    return tuple(statistics.median(t[i] for t in times) for i in range(2))


def sandbox_run(server, code, **extra):
    r = server.call("execute_code", code=timed(code), timeout_s=300, **extra)
    if r["exit_code"] != 0:
        raise RuntimeError(r["stderr"][-2000:])
    return elapsed(r["stdout"])


def measure(config, workloads, runs, settle):
    mode, *props = shlex.split(config)
    load = os.getloadavg()[0]
    server = Server("-Dsandbox.jit=" + mode, "-Dsandbox.max-concurrent=1", *props)
    server.wait_until_warm()
    # Time for the worker's idle warm-up (sandbox.worker.warmup-rounds) to finish, as it would between a
    # server's start and its first real work; 0 measures a caller arriving right after the pool is ready.
    time.sleep(settle)
    rows = {}
    for name in workloads:
        fresh = sandbox_run(server, WORKLOADS[name], fresh=True)
        warm = [sandbox_run(server, WORKLOADS[name]) for _ in range(runs)]
        rows[name] = {"fresh": fresh, "warm": warm, "python3": python3_seconds(WORKLOADS[name])}
        print(f"  [{config}] {name} (wall/cpu s): fresh {fresh[0]:.3f}/{fresh[1]:.3f} warm "
              + " ".join(f"{w:.3f}/{c:.3f}" for w, c in warm)
              + f" python3 {rows[name]['python3'][0]:.3f}/{rows[name]['python3'][1]:.3f}", flush=True)
    server.close()
    return {"load_before": load, "load_after": os.getloadavg()[0], "rows": rows}


def report(config, result, runs):
    print(f"\n{config}: load average {result['load_before']:.2f} -> {result['load_after']:.2f}; N={runs}")
    print("seconds, wall / CPU of the running thread; steady = median of the last three runs; x py3 = steady over "
          "python3's, wall and CPU")
    print(f"{'workload':16}{'python3':>14}{'fresh':>14}{'warm 1':>14}{'warm 5':>14}{'steady':>14}{'x py3':>13}")
    ratios = {}
    pair = lambda t: f"{t[0]:>7.3f}/{t[1]:<6.3f}"
    for name, row in result["rows"].items():
        warm = row["warm"]
        steady = tuple(statistics.median(w[i] for w in warm[-3:]) for i in range(2))
        ratios[name] = tuple(steady[i] / max(row["python3"][i], 1e-3) for i in range(2))
        fifth = pair(warm[4]) if len(warm) >= 5 else f"{'-':>14}"
        print(f"{name:16}{pair(row['python3'])}{pair(row['fresh'])}{pair(warm[0])}{fifth}{pair(steady)}"
              f"{ratios[name][0]:>6.2f}/{ratios[name][1]:<6.2f}")
    kernels = [ratios[k] for k in KERNELS if k in ratios]
    if kernels:
        wall = statistics.geometric_mean(k[0] for k in kernels)
        cpu = statistics.geometric_mean(k[1] for k in kernels)
        print(f"kernels steady-state geomean: {wall:.2f}x python3's wall time, {cpu:.2f}x its CPU time "
              f"({1 / wall:.2f}x / {1 / cpu:.2f}x its speed)")


def main():
    print(yardstick.describe())
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", action="append")
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--settle", type=float, default=0, help="seconds to wait after the pool is ready")
    parser.add_argument("--dump")
    args = parser.parse_args()
    workloads = args.workloads.split(",")
    print("inputs:", generate_inputs(), "cores:", os.cpu_count(), flush=True)
    if args.dump:
        os.makedirs(args.dump, exist_ok=True)
        for name in workloads:
            with open(os.path.join(args.dump, name + ".py"), "w") as f:
                f.write(timed(WORKLOADS[name]))
        print("workloads written to", args.dump)
        return
    for round_number in range(args.rounds):
        configs = args.config or ["off"]
        # Interleaved: every other round runs the configurations in reverse, so load drifts hit them alike.
        for config in (configs if round_number % 2 == 0 else configs[::-1]):
            report(config, measure(config, workloads, args.runs, args.settle), args.runs)


if __name__ == "__main__":
    main()
