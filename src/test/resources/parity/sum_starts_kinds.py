# sum() of each kind of iterable and start, with the totals and errors CPython gives: the checks before its float
# compensation, each of which decides which total is returned.
from decimal import Decimal
from fractions import Fraction


def show(label, *args):
    try:
        value = sum(*args)
    except Exception as e:
        print(label, type(e).__name__, e)
    else:
        print(label, type(value).__name__, repr(value))


class Half(float):
    pass


class Floats(list):
    pass


class Pair(tuple):
    pass


show("range", range(10))
show("range float start", range(4), 0.1)
show("range step", range(10, 0, -3), 0.5)
show("empty range", range(0))
show("list subclass", Floats([0.1] * 10))
show("tuple subclass", Pair((0.1, 0.2, 0.3)))
show("set", {0.5, 0.25})
show("dict", {0.1: "a", 0.2: "b", 0.3: "c"})
show("map", map(float, ["0.1", "0.2", "0.3"]))
show("iterator", iter([0.1] * 10))
show("start zero float", [0.1] * 10, 0.0)
show("start neg zero", [0.1] * 10, -0.0)
show("start false", [0.1] * 10, False)
show("start true", [0.1] * 10, True)
show("start big int", [0.1, 0.2], 10 ** 20)
show("start fraction", [0.1] * 10, Fraction(0))
show("start fraction nonzero", [0.1, 0.2], Fraction(1, 2))
show("start decimal", [Decimal("0.1")] * 3, Decimal(0))
show("start list", [[1], [2.5]], [])
show("start str", ["a"], "")
show("start none", [0.1], None)
show("not iterable", 5)
show("none", None)
show("strs", ["a", "b"])
show("neg inf", [-1e308, -1e308, 0.1])
show("inf minus inf", [float("inf"), float("-inf")])
show("nan start", [0.1, 0.2], float("nan"))
show("inf start", [0.1, 0.2], float("inf"))
show("ints then floats", [1, 2, 0.1, 0.2, 0.3])
show("bools", (True, False, True))
show("int total", [10 ** 30, -10 ** 30, 7])
show("complex", [0.1, 0.2j, 0.3])
# Ints among floats: CPython adds them without compensation, so its total is not the correctly rounded one.
show("prices and counts", [3.57, 55, 92, 65, 69, 64, 3.59])
show("counts among prices", [89.36, 94, 90.85, 59.35, 85.9, 95.49, 73.86])
show("counts first", [78, 91.14, 95.74, 64, 50.74, 52, 20.78, 93.42])
show("plain is rounded", [4.11, 51024, 0.566, 5429.2])
show("mixed float start", [0.29, 3757.0, 1780.0, 8, 1.0, 9711, 44.0, 314.3, 4680.4], 0.5)
show("float int start", [0.1, 0.2, 0.3, 0.4], 7)
show("bool among floats", [0.1, True, 0.2, 0.3])
show("long edge", [0.1, 2 ** 63 - 1, 0.2, 0.3])
show("past long", [0.1, 0.2, 2 ** 63, 0.3, 0.4])
show("ints overflow long", [2 ** 62, 2 ** 62, 0.1, 0.2, 0.3])
show("start past long", [0.1, 0.2, 0.3], 2 ** 63)
show("start long min", [0.1, 0.2, 0.3], -2 ** 63)
show("two floats", [0.1, 0.2])
show("huge cancel", [-73458.0, 0.9240327579931451, 62830568340252.78, -1e308, 0.3621753061412386, 1e308], 0.5)
show("twenty tenths", [0.1] * 20)
show("long mixed", [76.52, 30, 93.46, 2.57, 8.26, 36, 41, 28.9, 99, 79, 9, 19.14, 13.64, 96.18, 0.94, 16.96, 46, 73])
show("long mixed from float", [89.36, 94, 90.85, 59.35, 85.9, 95.49, 73.86] * 3, 0.25)
show("two from start", [0.1, 0.2], 1)


def numbers():
    yield 0.1
    yield 0.2
    raise ValueError("stopped at three")


show("generator raising", numbers())
print(sum(x * 0.1 for x in range(10)), sum((0.1 for _ in range(10)), 1), sum([]), sum(()), sum([], -0.0))
