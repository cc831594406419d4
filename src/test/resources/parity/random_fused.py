import inspect, os, random, traceback, zlib

# Seeded sequences across choice, randint, randrange, shuffle and sample, interleaved with random() and getrandbits
# on the same generator, from an exact random.Random and from the module's functions.
rng = random.Random(2027)
pops = [list(range(200)), tuple("abcdefghij"), "hello world", list(range(1000)), [None], list(range(256))]
draws = []
for i in range(400):
    draws.append(rng.choice(pops[i % len(pops)]))
    draws.append(rng.randint(-i, i * 3 + 1))
    draws.append(rng.randrange(i + 1))
    draws.append(rng.randrange(-7, i + 2))
    draws.append(rng.randrange(i, -60, -3))
    draws.append(rng.randrange(3, 10 ** 20, 7))
    if i % 40 == 0:
        cards = list(range(i % 97))
        rng.shuffle(cards)
        draws.append(tuple(cards))
        draws.append(tuple(rng.sample(range(i * 10 + 10), min(i % 37, i * 10 + 10))))
        draws.append(tuple(rng.sample(pops[i % len(pops)], min(3, len(pops[i % len(pops)])))))
        draws.append(round(rng.random(), 12))
        draws.append(rng.getrandbits(40))
print(len(draws), draws[:30], draws[-30:])
print(zlib.crc32(repr(draws).encode()), rng.getstate()[1][:4], rng.random())

# Draws of 2**k exactly, 2**k + 1 and one: where a draw is retried or needs no bits.
print([rng.randint(0, 2 ** k - 1) for k in range(1, 9)], [rng.randint(0, 2 ** k) for k in range(1, 9)])
print([rng.randrange(1) for _ in range(3)], rng.choice("x"), rng.randint(7, 7), rng.randrange(2 ** 64 + 1))
print(rng.randint(2 ** 70, 2 ** 71), rng.randrange(-(2 ** 65), 2 ** 65, 3), rng.choice(range(10 ** 9)))

# A sample small enough for a pool, large enough for a set of selections, the whole population, none.
print(rng.sample(range(80), 10), rng.sample(range(100), 10), rng.sample(range(10 ** 9), 4))
print(rng.sample("abcdefg", 7), rng.sample((1, 2, 3), 0), rng.sample([5, 6, 7, 8], k=2))
print(rng.sample(["r", "g", "b"], counts=[3, 1, 2], k=4), rng.sample(range(10), k=3, counts=[1] * 10))

random.seed(99)
module = [random.choice("abc"), random.randint(1, 6), random.randrange(5, 50, 5), random.sample(range(30), 4)]
deck = list("AKQJT98765432")
random.shuffle(deck)
print(module, deck, random.random())

# Arguments the standard library takes its own way: bools, an int subclass, a list subclass, sequences of other types.
class Big(int):
    def __add__(self, other):
        print("  Big.__add__", int(self), other)
        return Big(int(self) + other)


class Tracked(list):
    pass


class Seq:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        print("  Seq.__len__")
        return len(self.items)

    def __getitem__(self, i):
        print("  Seq.__getitem__", i)
        return self.items[i]


r = random.Random(5)
print(r.randint(True, 4), r.randint(False, True), r.randrange(True, 9), r.randrange(10, False, -2))
print(r.randint(Big(3), Big(40)))
print(r.choice(Tracked([1, 2, 3])), r.choice(Seq("xyz")), r.choice(range(3, 99, 4)))
lst = Tracked(range(8))
r.shuffle(lst)
print(lst, type(lst).__name__)
import collections
dq = collections.deque(range(6))
r.shuffle(dq)
print(dq, r.sample(dq, 3))
print(r.getstate()[1][-2:], r.random())

# Subclasses: random() alone, getrandbits alone, their own _randbelow, randrange or choice, and super() calls.
class Steps(random.Random):
    def random(self):
        self.at = (getattr(self, "at", 0.0) + 0.137) % 1.0
        return self.at


class Bits(random.Random):
    def getrandbits(self, k):
        print("  getrandbits", k)
        return super().getrandbits(k)


class Cycling(random.Random):
    def _randbelow(self, n):
        self.drawn = getattr(self, "drawn", 0) + 1
        return self.drawn % n


class Shifted(random.Random):
    def randrange(self, start, stop=None, step=1):
        return 1000 + super().randrange(start, stop, step)


class Picky(random.Random):
    def choice(self, seq):
        return "picky:" + str(super().choice(seq))


for cls in (Steps, Bits, Cycling, Shifted, Picky):
    g = cls(11)
    print(cls.__name__, g.choice("abcdefgh"), g.randint(1, 100), g.randrange(7), g.randrange(2, 30, 4))
    items = list(range(10))
    g.shuffle(items)
    print(" ", items, g.sample(range(50), 3), g.sample("abcdef", 2))

# Errors name what CPython names, from the standard library's frames.
calls = {
    "choice([])": lambda: rng.choice([]), "choice('')": lambda: rng.choice(""), "choice(5)": lambda: rng.choice(5),
    "choice({})": lambda: rng.choice({}), "choice({1: 2})": lambda: rng.choice({1: 2}),
    "randint(5, 3)": lambda: rng.randint(5, 3), "randint(1.5, 3)": lambda: rng.randint(1.5, 3),
    "randint(1, 3.0)": lambda: rng.randint(1, 3.0), "randint('1', 3)": lambda: rng.randint("1", 3),
    "randint(1)": lambda: rng.randint(1), "randrange(4, 4)": lambda: rng.randrange(4, 4),
    "randrange(0)": lambda: rng.randrange(0), "randrange(-3)": lambda: rng.randrange(-3),
    "randrange(1, 2.0)": lambda: rng.randrange(1, 2.0), "randrange(0, 10, 0)": lambda: rng.randrange(0, 10, 0),
    "randrange(10, step=2)": lambda: rng.randrange(10, step=2), "randrange(5, 10, -1)": lambda: rng.randrange(5, 10, -1),
    "randrange(0, 10, 2.5)": lambda: rng.randrange(0, 10, 2.5), "randrange(None)": lambda: rng.randrange(None),
    "sample({1, 2}, 1)": lambda: rng.sample({1, 2}, 1), "sample(range(3), 5)": lambda: rng.sample(range(3), 5),
    "sample([1], -1)": lambda: rng.sample([1], -1), "sample([1, 2], 1.0)": lambda: rng.sample([1, 2], 1.0),
    "sample([1, 2])": lambda: rng.sample([1, 2]), "sample('ab', 1, counts=[1])": lambda: rng.sample("ab", 1, counts=[1]),
    "module choice([])": lambda: random.choice([]), "module randint(2, 1)": lambda: random.randint(2, 1),
}
def frames(e):
    return [(os.path.basename(f.filename), f.name, f.line if f.filename.endswith("random.py") else "")
            for f in traceback.extract_tb(e.__traceback__)[1:]]


for name, call in calls.items():
    try:
        print(name, "returned", call())
    except Exception as e:
        print(name, type(e).__name__ + ":", e, frames(e))
# (GraalPy words a tuple's or a str's refused item assignment otherwise: where it comes from only.)
for immutable in ((1, 2), "ab"):
    try:
        rng.shuffle(immutable)
    except TypeError as e:
        print("shuffle", type(immutable).__name__, frames(e))

# What introspection shows is the standard library's.
for name in ("choice", "randint", "randrange", "shuffle", "sample"):
    method = getattr(random.Random, name)
    print(name, method.__qualname__, method.__module__, inspect.signature(method),
          getattr(random, name).__self__ is random._inst, (method.__doc__ or "").split("\n")[0])
