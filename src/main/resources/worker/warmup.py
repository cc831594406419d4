# Trusted warm-up, one round per run, run by each sandbox worker in a throwaway interpreter while it is idle (never on a caller's
# request path), and by the training run of the worker's ahead-of-time cache. It walks the paths typical
# data work takes (JSON, CSV, regexes, string splitting, grouping, sorting, formatting; classes with methods and
# exceptions, random numbers, integer loops, a sieve, an XML parse, dates) on data made up here,
# so HotSpot compiles the interpreter's code for them (and, with sandbox.jit on, Truffle compiles the guest
# builtins) before a caller needs them. It reads and writes no files and prints nothing.
import collections
import csv
import datetime
import io
import json
import math
import random
import re
import xml.etree.ElementTree as ET

_regions = ["north", "south", "east", "west", "centre"]
_records = [{"id": i, "region": _regions[i % 5], "kind": "k%d" % (i % 7), "amount": i * 1.25,
             "email": "user%d@example.com" % i, "ok": i % 3 == 0, "tags": ["a", "b"]} for i in range(2000)]
_text = json.dumps(_records)
_email = re.compile(r"[a-z0-9._]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}")
_word = re.compile(r"[a-z']+")
# Log lines, one small document each, as JSON Lines files give them: non-ASCII text, some beyond the BMP.
_lines = [json.dumps({"id": i, "msg": "caf\u00e9 %d%s" % (i, " \U0001F680" if i % 10 == 0 else ""), "ms": i / 8},
                     ensure_ascii=False) for i in range(500)]
_rows = "id,city,price,note\n" + "".join('%d,%s,%.2f,"x, %d"\n' % (i, _regions[i % 5], i / 3, i) for i in range(2000))


def _round():
    records = json.loads(_text)
    groups = collections.defaultdict(lambda: [0, 0.0])
    for r in records:
        g = groups[(r["region"], r["kind"])]
        g[0] += 1
        g[1] += r["amount"]
    top = sorted(groups.items(), key=lambda kv: kv[1][1], reverse=True)[:5]
    valid = sum(1 for r in records if _email.fullmatch(r["email"]))
    counts = collections.Counter()
    for line in _text.splitlines() or [_text]:
        counts.update(_word.findall(line.lower()))
    reader = csv.reader(io.StringIO(_rows))
    header = next(reader)
    seen = [set() for _ in header]
    total = 0.0
    for row in reader:
        for i, v in enumerate(row):
            seen[i].add(v)
        try:
            total += float(row[2])
        except ValueError:
            pass
    events = sum(len(json.loads(line)["msg"]) for line in _lines)
    table = "\n".join(f"{k[0]:8} {k[1]:4} {n:6} {s:12.2f}" for k, (n, s) in top)
    return len(json.dumps(records[:200])) + valid + len(counts) + len(table) + int(total) + sum(map(len, seen)) + events


class _Order:
    def __init__(self, number, items):
        self.number, self.items, self.state = number, items, "new"

    @property
    def total(self):
        return sum(price * count for price, count in self.items)

    def ship(self, stock):
        for price, count in self.items:
            if stock.get(price, 0) < count:
                raise LookupError(price)
        for price, count in self.items:
            stock[price] -= count
        self.state = "shipped"


def _objects_and_numbers():
    rng = random.Random(3)
    stock = {p: 40 for p in range(1, 30)}
    orders = [_Order(n, [(rng.randint(1, 29), rng.randint(1, 4)) for _ in range(rng.randint(1, 3))])
              for n in range(3000)]
    failed = 0
    for order in orders:
        try:
            order.ship(stock)
        except LookupError:
            failed += 1
    best = max(orders, key=lambda o: o.total)
    marks = bytearray(20001)
    for i in range(2, 142):
        if not marks[i]:
            marks[i * i::i] = b"\x01" * len(range(i * i, 20001, i))
    odd = 0
    n = 27
    while n != 1:
        n = n * 3 + 1 if n & 1 else n >> 1
        odd += 1
    digits = sum(int(c) for c in str(math.factorial(300)))
    root = ET.fromstring("<r>" + "".join('<e k="%d" v="%s"><n>%d</n></e>' % (i % 9, i * 0.5, i) for i in range(1500))
                         + "</r>")
    by_key = collections.Counter(e.get("k") for e in root.iter("e"))
    value = sum(float(e.get("v")) + int(e.findtext("n")) for e in root.findall("e"))
    when = datetime.datetime(2024, 1, 1) + datetime.timedelta(days=failed)
    return failed + best.number + marks.count(0) + odd + digits + len(by_key) + int(value) + when.day


_round()
_objects_and_numbers()
