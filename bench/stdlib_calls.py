"""Standard-library calls agents make, each timed inside one program, in a warm interpreter and in CPython, slowest
ratio first: a survey for calls that are far slower than the interpreter's usual gap, as gc.collect() (two full
collections of the worker's heap) and time.sleep(0) (up to a second) were (docs/benchmarks.md, fifty-fifth session).

Usage: python3 bench/stdlib_calls.py [runs] [-Dproperty=value ...]   (after: mvn -B -DskipTests package)
Runs the program with CPython (bench/yardstick.py) in an empty temporary directory, then `runs` times (default 3) on
one connection of the packaged server over stdio, and CPython again; each call's figure is the median over the
server's runs after the first and over CPython's runs. The program times each call in a loop after a few untimed
calls, so the figures are per call at steady state, in microseconds. Standard library only."""
import json
import statistics
import sys
import tempfile

from mcp_stdio import Server
import yardstick

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-D") else 3
PROPERTIES = [a for a in sys.argv[1:] if a.startswith("-D")]

PROGRAM = r'''
import bisect, collections, copy, csv, dataclasses, datetime, decimal, fractions, gc, hashlib, heapq, io, json, math
import os, pickle, random, re, statistics, struct, textwrap, threading, time, traceback, uuid
figures = {}

@dataclasses.dataclass
class Point:
    x: int
    y: float = 0.0

lock = threading.Lock()
heap = list(range(10000))  # ascending: a heap, and sorted for bisect

def push_pop(heap):
    heapq.heappush(heap, 5000)
    return heapq.heappop(heap)

def formatted():
    try:
        int("x")
    except ValueError:
        return traceback.format_exc()

def write_file(path):
    with open(path, "w") as f:
        f.write("hello\n" * 20)

def read_file(path):
    with open(path) as f:
        return f.read()

def start_join():
    thread = threading.Thread(target=int)
    thread.start()
    thread.join()

def timed(name, call, n):
    for _ in range(3):
        call()
    start = time.perf_counter()
    for _ in range(n):
        call()
    figures[name] = (time.perf_counter() - start) * 1e6 / n

rows = [{"id": i, "name": f"n{i}", "v": i * 1.5, "tags": ["a", "b"]} for i in range(2000)]
text = json.dumps(rows)
values = list(range(10000, 0, -1))
timed("json.dumps 2k records", lambda: json.dumps(rows), 5)
timed("json.loads 2k records", lambda: json.loads(text), 5)
timed("re.sub over 10 KB", lambda: re.sub(r"\d+", "#", text[:10000]), 20)
timed("sorted 100k with key", lambda: sorted(range(100000), key=lambda x: -x), 2)
timed("f-string, 2 fields", lambda: f"{3.14159:>8.2f}|{255:x}", 2000)
timed("str.split 60 KB", lambda: text.split(","), 20)
timed("datetime.strptime", lambda: datetime.datetime.strptime("2026-01-02 03:04:05", "%Y-%m-%d %H:%M:%S"), 300)
timed("datetime.strftime", lambda: datetime.datetime(2026, 1, 2, 3, 4, 5).strftime("%Y-%m-%d %H:%M"), 1000)
timed("Decimal divide", lambda: decimal.Decimal(1234) / 7, 300)
timed("Decimal quantize", lambda: decimal.Decimal("19.987").quantize(decimal.Decimal("0.01")), 300)
timed("Fraction add", lambda: fractions.Fraction(1, 3) + fractions.Fraction(2, 7), 1000)
timed("statistics.median 10k", lambda: statistics.median(values), 20)
timed("statistics.stdev 1k", lambda: statistics.stdev(values[:1000]), 10)
timed("math.sqrt", lambda: math.sqrt(2.0), 10000)
timed("Counter of 10k", lambda: collections.Counter(v % 100 for v in values), 5)
timed("heapq.heappush+heappop 10k", lambda: push_pop(heap), 2000)
timed("bisect.bisect_left 10k", lambda: bisect.bisect_left(heap, 5000), 5000)
timed("copy.deepcopy 200 records", lambda: copy.deepcopy(rows[:200]), 20)
timed("pickle round trip 2k records", lambda: pickle.loads(pickle.dumps(rows)), 5)
timed("dataclass instance", lambda: Point(1, 2.0), 2000)
timed("struct.pack", lambda: struct.pack("<iif", 1, 2, 3.0), 5000)
timed("hashlib.sha256 1 MB", lambda: hashlib.sha256(b"x" * (1 << 20)).hexdigest(), 10)
timed("uuid.uuid4", uuid.uuid4, 2000)
timed("random.choice", lambda: random.choice(values), 5000)
timed("random.shuffle 1k", lambda: random.shuffle(values[:1000]), 50)
timed("textwrap.fill 10 KB", lambda: textwrap.fill("word " * 2000, 60), 10)
timed("csv.writer 1k rows", lambda: csv.writer(io.StringIO()).writerows([[i, "a", 1.5] for i in range(1000)]), 20)
timed("traceback.format_exc", lambda: formatted(), 200)
timed("open, write, close", lambda: write_file("bench-file.txt"), 200)
timed("open, read, close", lambda: read_file("bench-file.txt"), 200)
timed("os.stat", lambda: os.stat("bench-file.txt"), 1000)
timed("os.listdir", lambda: os.listdir("."), 500)
timed("threading.Thread start+join", lambda: start_join(), 50)
timed("Lock acquire+release", lambda: (lock.acquire(), lock.release()), 5000)
timed("time.sleep(0)", lambda: time.sleep(0), 20)
timed("gc.collect()", gc.collect, 5)
os.remove("bench-file.txt")
print(json.dumps(figures))
'''


def cpython():
    with tempfile.TemporaryDirectory() as cwd:
        return json.loads(yardstick.run(PROGRAM, check=True, capture_output=True, cwd=cwd).stdout)


def main():
    print(yardstick.describe())
    runs = [cpython()]
    server = Server(*PROPERTIES)
    try:
        server.wait_until_warm(timeout_s=1200)
        served = []
        for _ in range(RUNS):
            result = server.call("execute_code", code=PROGRAM, timeout_s=300)
            if result["exit_code"] != 0:
                raise SystemExit(f"the program failed in the sandbox: {result['stderr'][-2000:]}")
            served.append(json.loads(result["stdout"]))
    finally:
        server.close()
    runs.append(cpython())
    later = served[1:] or served
    rows = []
    for name in runs[0]:
        mine = statistics.median(run[name] for run in later)
        theirs = statistics.median(run[name] for run in runs)
        rows.append((mine / max(theirs, 0.01), name, mine, theirs))
    print(f"{RUNS} runs in one warm interpreter (figures of runs 2-{RUNS}), CPython twice; microseconds per call")
    print(f"{'call':<32}{'served us':>12}{'python3 us':>12}{'ratio':>9}")
    for ratio, name, mine, theirs in sorted(rows, reverse=True):
        print(f"{name:<32}{mine:>12.1f}{theirs:>12.1f}{ratio:>8.1f}x")
    print(f"geomean of the ratios: {statistics.geometric_mean(r[0] for r in rows):.1f}x")


if __name__ == "__main__":
    main()
