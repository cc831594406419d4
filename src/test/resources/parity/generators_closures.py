import contextlib, sys
def chunks(seq, n):
    for i in range(0, len(seq), n):
        yield seq[i:i + n]
def running_avg():
    total = count = 0
    avg = None
    while True:
        x = yield avg
        total += x; count += 1
        avg = total / count
g = running_avg(); next(g)
print(list(chunks("abcdefg", 3)), [g.send(x) for x in (10, 20, 60)])
def make_counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c = make_counter(); c(); c()
print(c(), [f(3) for f in [lambda x, i=i: x * i for i in range(3)]])
@contextlib.contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name
    finally:
        print(f"</{name}>")
with tag("b") as t, contextlib.suppress(ZeroDivisionError):
    print("inside", t)
    1 / 0
print(sum(x * x for x in range(10)), {k: v for k, v in zip("abc", range(3))}, [*range(3), *"ab"])
match {"type": "point", "x": 1, "y": 2}:
    case {"type": "point", "x": x, "y": y} if x < y:
        print("point", x, y)
    case _:
        print("other")
print(sys.getrecursionlimit() >= 1000, (lambda *a, **k: (a, k))(1, b=2))
