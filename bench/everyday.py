"""Everyday data programs, written once the way an agent writes them, run in a warm interpreter next to CPython.

Usage: python3 bench/everyday.py [runs] [--output | --files] [-Dproperty=value ...]   (after: mvn -B -DskipTests package)
       python3 bench/everyday.py --dump DIR   (writes each program to DIR/<first word>.py, for GuestRounds.java)
Times CPython running each program `runs` times as a new process (`python3 -S -c`, bench/yardstick.py) while the
machine is quiet, then starts the packaged server over stdio, waits for a warm pool, and runs the programs in two
passes on one connection, each program `runs` times (default 5) in a row: the first run meets a new interpreter, later
ones the caller's warm interpreter. After each program's runs, once the server and its workers have fallen quiet,
CPython runs it `runs` times again, and the ratios take CPython's median over all its runs of the program: this
machine's speed drifts by up to 3x within an hour, and seconds apart by up to 2x. The first pass meets a new worker, whose JVM is still compiling GraalPy's
interpreter for these programs; the second, the same worker once it has run each program: what a server that has
been serving meets. Each program makes its own data (no files) and prints a checksum, checked against CPython's. Prints
per pass and program the first run, the median of the later runs (server duration_ms and round trip), CPython's
median wall time, their ratio, and the geometric mean of the ratios, then the workers' CPU over the pass by kind of
thread: the guest's, HotSpot's compilers', and the VM thread's (the collector). With --output it runs programs that
print thousands of lines instead: what the caller gets of those is their head and tail (the whole is spilled to the
workspace), which are checked. With --files it runs programs that write a file and read it back, as agents handle
data files, one that writes three hundred small JSON files and reads them back (json.load(open(path)), leaving each
to be closed when collected), and one that reads CSV lines from an io.StringIO(newline=""); CPython runs them in an
empty temporary directory, the server in its workspace.
Standard library only."""
import math
import os
import statistics
import sys
import tempfile
import time

from mcp_stdio import Server, wait_quiet, workers_cpu_between, workers_threads
import yardstick

DUMP = sys.argv[2] if sys.argv[1:2] == ["--dump"] else None
OUTPUT = "--output" in sys.argv
FILES = "--files" in sys.argv
ARGS = [a for a in sys.argv[1:] if a not in ("--output", "--files")]
RUNS = int(ARGS[0]) if ARGS and not DUMP else 5
PROPERTIES = [] if DUMP else ARGS[1:]

PROGRAMS = {
    "csv group-by": r'''
import csv, io
from collections import defaultdict
cities = ["Lyon", "Oslo", "Lima", "Pune", "Kobe", "Graz"]
text = "id,city,product,qty,price\n" + "".join(
    f"{i},{cities[i % 6]},p{i % 17},{i % 9 + 1},{(i * 37) % 1000 / 10:.2f}\n" for i in range(10000))
totals = defaultdict(lambda: [0, 0.0])
for row in csv.DictReader(io.StringIO(text)):
    t = totals[(row["city"], row["product"])]
    t[0] += int(row["qty"])
    t[1] += int(row["qty"]) * float(row["price"])
best = sorted(totals.items(), key=lambda kv: -kv[1][1])[:5]
print(len(totals), [(k, q, round(v, 2)) for k, (q, v) in best])
''',
    "json transform": r'''
import json
orders = [{"id": i, "customer": {"name": f"c{i % 300}", "tier": ["gold", "silver", "bronze"][i % 3]},
           "items": [{"sku": f"s{(i + j) % 50}", "qty": j + 1, "price": round((i * j) % 97 + 0.99, 2)}
                     for j in range(i % 4 + 1)]} for i in range(4000)]
text = json.dumps(orders)
data = json.loads(text)
by_customer = {}
for order in data:
    total = sum(item["qty"] * item["price"] for item in order["items"])
    c = by_customer.setdefault(order["customer"]["name"], {"tier": order["customer"]["tier"], "orders": 0, "total": 0.0})
    c["orders"] += 1
    c["total"] = round(c["total"] + total, 2)
out = json.dumps(sorted(by_customer.items(), key=lambda kv: -kv[1]["total"])[:3], sort_keys=True)
print(len(by_customer), len(text), out)
''',
    "regex log parse": r'''
import re
from collections import Counter
levels = ["INFO", "WARN", "ERROR", "DEBUG"]
lines = [f"2026-12-01T10:{i % 60:02d}:{i % 59:02d}Z {levels[i % 4]} [svc-{i % 7}] request id={i:06d} "
         f"path=/api/v1/items/{i % 113} status={200 + (i % 5) * 100} took={i % 250}ms user=u{i % 41}@example.com"
         for i in range(10000)]
pattern = re.compile(r"^(\S+) (\w+) \[([\w-]+)\] .*? status=(\d{3}) took=(\d+)ms user=(\S+)$")
status, slow, errors = Counter(), Counter(), Counter()
for line in lines:
    m = pattern.match(line)
    if m:
        _, level, svc, code, took, user = m.groups()
        status[code] += 1
        if int(took) > 200:
            slow[svc] += 1
        if level == "ERROR":
            errors[user.split("@")[0]] += 1
emails = re.findall(r"[a-z0-9]+@[a-z]+\.com", "\n".join(lines[:5000]))
print(sorted(status.items()), slow.most_common(2), errors.most_common(2), len(emails))
''',
    "oop simulation": r'''
import random
class Account:
    def __init__(self, owner, balance):
        self.owner, self.balance, self.history = owner, balance, []
    def deposit(self, amount):
        self.balance += amount
        self.history.append(("in", amount))
    def withdraw(self, amount):
        if amount > self.balance:
            raise ValueError("insufficient funds")
        self.balance -= amount
        self.history.append(("out", amount))
class Bank:
    def __init__(self, n):
        self.accounts = [Account(f"a{i}", 100) for i in range(n)]
    def transfer(self, src, dst, amount):
        try:
            src.withdraw(amount)
        except ValueError:
            return False
        dst.deposit(amount)
        return True
rng = random.Random(7)
bank = Bank(200)
ok = sum(bank.transfer(rng.choice(bank.accounts), rng.choice(bank.accounts), rng.randint(1, 80)) for _ in range(30000))
richest = max(bank.accounts, key=lambda a: a.balance)
print(ok, sum(a.balance for a in bank.accounts), richest.owner, len(richest.history))
''',
    "xml parse (1 MB)": r'''
import xml.etree.ElementTree as ET
rows = "".join(f'<item id="{i}" kind="k{i % 7}"><name>Item &amp; {i}</name><price currency="EUR">{i * 1.25:.2f}</price>'
               f'<tags><tag>a{i % 3}</tag><tag>b</tag></tags></item>\n' for i in range(7000))
doc = f'<?xml version="1.0" encoding="utf-8"?>\n<catalog xmlns:x="urn:x">\n{rows}</catalog>\n'.encode()
root = ET.fromstring(doc)
kinds = {}
for item in root.iter("item"):
    kinds[item.get("kind")] = kinds.get(item.get("kind"), 0) + float(item.findtext("price"))
print(len(doc), len(root), sorted((k, round(v, 2)) for k, v in kinds.items())[:3])
''',
    "numeric sieve": r'''
def sieve(n):
    flags = bytearray([1]) * (n + 1)
    flags[0] = flags[1] = 0
    for i in range(2, int(n ** 0.5) + 1):
        if flags[i]:
            flags[i * i::i] = bytearray(len(range(i * i, n + 1, i)))
    return [i for i, f in enumerate(flags) if f]
def collatz(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps
primes = sieve(1000000)
longest = max(range(1, 30000), key=collatz)
print(len(primes), primes[-1], longest, collatz(longest))
''',
}

# Printing: a table, records and CSV rows, each line on its own as agents print them.
OUTPUT_PROGRAMS = {
    "print records": r'''
rows = [{"id": i, "name": f"user{i}", "score": i * 1.5, "tags": ["a", "b"][: i % 3]} for i in range(5000)]
for row in rows:
    print(row)
''',
    "print table": r'''
print(f"{'id':>6} {'name':<12} {'score':>10}")
for i in range(5000):
    print(f"{i:>6} {'user' + str(i):<12} {i * 1.5:>10.2f}")
print("total", sum(i * 1.5 for i in range(5000)))
''',
    "csv to stdout": r'''
import csv, sys
writer = csv.writer(sys.stdout)
writer.writerow(["id", "city", "qty", "price"])
for i in range(5000):
    writer.writerow([i, ["Lyon", "Oslo", "Lima"][i % 3], i % 9 + 1, round(i * 0.37, 2)])
''',
}

# Files written and read back (CSV with newline="", as the csv module's documentation asks, one with dates for
# datetime.strptime, and JSON with json.dump), and CSV text read through io.StringIO(newline="").
FILE_PROGRAMS = {
    "csv file": r'''
import csv
cities = ["Lyon", "Oslo", "Lima", "Pune", "Kobe", "Graz"]
with open("orders.csv", "w", newline="") as f:
    writer = csv.writer(f)
    writer.writerow(["id", "city", "product", "qty", "price"])
    for i in range(20000):
        writer.writerow([i, cities[i % 6], f"p{i % 17}", i % 9 + 1, f"{(i * 37) % 1000 / 10:.2f}"])
totals = {}
with open("orders.csv", newline="") as f:
    for row in csv.DictReader(f):
        totals[row["city"]] = totals.get(row["city"], 0) + int(row["qty"]) * float(row["price"])
print(sorted((k, round(v, 2)) for k, v in totals.items()))
''',
    "text lines": r'''
with open("log.txt", "w") as f:
    for i in range(50000):
        f.write(f"2026-12-01 10:{i % 60:02d} {'INFO' if i % 7 else 'ERROR'} worker-{i % 5} handled {i} items\n")
errors, words = 0, 0
with open("log.txt") as f:
    for line in f:
        words += len(line.split())
        if " ERROR " in line:
            errors += 1
print(errors, words)
''',
    "json file": r'''
import json
records = [{"id": i, "name": f"user{i}", "tags": ["a", "b"][: i % 3], "score": i * 1.5, "ok": i % 2 == 0}
           for i in range(20000)]
with open("records.json", "w") as f:
    json.dump(records, f, indent=2)
with open("records.json") as f:
    back = json.load(f)
print(len(back), sum(r["score"] for r in back if r["ok"]))
''',
    "csv dates": r'''
import csv
from datetime import datetime
with open("events.csv", "w", newline="") as f:
    writer = csv.writer(f)
    writer.writerow(["when", "kind", "amount"])
    for i in range(10000):
        writer.writerow([f"2026-{i % 12 + 1:02d}-{i % 28 + 1:02d} {i % 24:02d}:{i % 60:02d}:00", "ab"[i % 2], i % 97])
by_month = {}
with open("events.csv", newline="") as f:
    for row in csv.DictReader(f):
        when = datetime.strptime(row["when"], "%Y-%m-%d %H:%M:%S")
        key = (when.year, when.month)
        by_month[key] = by_month.get(key, 0) + int(row["amount"])
print(len(by_month), max(by_month.items(), key=lambda kv: kv[1]))
''',
    "many json files": r'''
import json, os
os.makedirs("records", exist_ok=True)
for i in range(300):
    with open(f"records/{i}.json", "w") as f:
        json.dump({"id": i, "score": i * 1.5, "tags": ["a", "b"][: i % 3]}, f)
total = 0.0
for name in sorted(os.listdir("records")):
    total += json.load(open(os.path.join("records", name)))["score"]
print(len(os.listdir("records")), total, os.path.getsize("records/7.json"))
''',
    "stringio csv": r'''
import csv, io
text = "id,city,qty\n" + "".join(f"{i},{['Lyon', 'Oslo', 'Lima'][i % 3]},{i % 9 + 1}\n" for i in range(20000))
qty = {}
for row in csv.DictReader(io.StringIO(text, newline="")):
    qty[row["city"]] = qty.get(row["city"], 0) + int(row["qty"])
print(sorted(qty.items()))
''',
}


def same_answer(result, expected):
    """The whole output, or for one past the inline budget its head and tail, as CPython printed them."""
    out = result["stdout"]
    if result.get("truncated"):
        return len(expected) > 4000 and out.startswith(expected[:1000]) and out.endswith(expected[-1000:])
    return out == expected


def python3(code):
    with tempfile.TemporaryDirectory() as cwd:  # what the file programs write goes here
        start = time.perf_counter()
        out = yardstick.run(code, check=True, capture_output=True, cwd=cwd).stdout.decode()  # "\r\n" stays
        return (time.perf_counter() - start) * 1000, out


def geomean(ratios):
    ratios = list(ratios)
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios))


def dump(directory):
    os.makedirs(directory, exist_ok=True)
    for name, code in PROGRAMS.items():
        with open(os.path.join(directory, name.split()[0] + ".py"), "w") as f:
            f.write(code)
    print("programs written to", directory)


def main():
    if DUMP:
        dump(DUMP)
        return
    print(yardstick.describe())
    programs = OUTPUT_PROGRAMS if OUTPUT else FILE_PROGRAMS if FILES else PROGRAMS
    # Timed before the server starts (which gives each program's expected output), and again after each pass's runs
    # of it, once the server's processes have fallen quiet: CPython beside a worker still compiling in the background
    # ran up to 1.5 times slower, which flattered the ratios (26th session), and timing it only minutes apart from the
    # server made the machine's drift the ratios' largest error (37th session).
    before = {name: [python3(code) for _ in range(RUNS)] for name, code in programs.items()}
    server = Server(*PROPERTIES)
    server.wait_until_warm(timeout_s=1200)
    cpython = {name: [c[0] for c in runs] for name, runs in before.items()}
    passes, cpu, unquiet = [], [], 0
    try:
        for _ in range(2):
            rows = []
            threads = workers_threads(server.proc.pid)
            for name, code in programs.items():
                runs = []
                for _ in range(RUNS):
                    start = time.perf_counter()
                    result = server.call("execute_code", code=code, timeout_s=120)
                    runs.append(((time.perf_counter() - start) * 1000, result["duration_ms"], result))
                expected = before[name][0][1]
                for _, _, result in runs:
                    if not same_answer(result, expected) or result["exit_code"] != 0:
                        raise SystemExit(f"{name}: wrong answer {str(result)[:2000]}\nexpected {expected[:2000]!r}")
                if wait_quiet(server.proc.pid) is None:
                    unquiet += 1
                cpython[name] += [python3(code)[0] for _ in range(RUNS)]
                rows.append((name, runs[0][0], statistics.median(r[1] for r in runs[1:]),
                             statistics.median(r[0] for r in runs[1:])))
            passes.append(rows)
            cpu.append(workers_cpu_between(threads, workers_threads(server.proc.pid)))
    finally:
        server.close()
    print(f"{RUNS} runs per program on one connection; python3 -S -c {RUNS} times each before the server started "
          f"and after each pass's runs of it, once the server's processes used under 5% of a core for a second "
          f"({unquiet} times they did not within a minute): its median of the {3 * RUNS}; "
          f"load average {open('/proc/loadavg').read().split()[0]}")
    titles = ["a new worker: each program's first runs on it", "the same worker after it ran each program "
              f"{RUNS} times: what a server that has been serving meets"]
    for title, rows, used in zip(titles, passes, cpu):
        print(title)
        print(f"{'program':<18}{'first ms':>10}{'warm duration ms':>18}{'warm trip ms':>14}{'python3 ms':>12}"
              f"{'ratio':>8}")
        ratios = []
        for name, first, duration, trip in rows:
            cpython_ms = statistics.median(cpython[name])
            ratios.append(trip / cpython_ms)
            print(f"{name:<18}{first:>10.0f}{duration:>18.0f}{trip:>14.0f}{cpython_ms:>12.0f}{ratios[-1]:>7.1f}x")
        print(f"geomean of warm round trip / python3: {geomean(ratios):.2f}x")
        print(f"workers' CPU over the pass: {used['other']:.1f} s in the guest's and other threads, "
              f"{used['jit']:.1f} s compiling (C1, C2), {used['vm']:.1f} s in the VM thread (the collector)")


if __name__ == "__main__":
    main()
