# sum() of floats when its total is already correctly rounded, and of items that are not plain floats or ints:
# signed zeros, whole numbers, Fractions, float and int subclasses, huge ints, starts of each kind.
from fractions import Fraction


class Half(float):
    def __add__(self, other):
        return float(self) + other + 1000.0

    __radd__ = __add__


class Level(int):
    pass


class Loud:
    def __init__(self, value):
        self.value = value

    def __radd__(self, other):
        return other + self.value


def show(label, value):
    print(label, type(value).__name__, repr(value))


show("neg zeros", sum([-0.0, -0.0]))
show("neg zeros start", sum([-0.0, -0.0], -0.0))
show("zero sum", sum([0.5, -0.5]))
show("whole", sum([float(i) for i in range(1000)]))
show("short", sum([1.5, 2.5, 3.5]))
show("tenths", sum([0.1] * 10))
show("prices", sum([19.99, 5.01, 0.1, 3.35, 12.5] * 40))
show("start float", sum([0.1, 0.2], 0.3))
show("start int", sum([0.1, 0.2], 1))
show("start bool", sum([0.25, 0.5], True))
show("ints", sum([1, 2, 3]))
show("bools", sum([True, True, 0.5]))
show("fraction first", sum([Fraction(1, 3), 0.1, 0.2]))
show("fraction last", sum([0.1, 0.2, Fraction(1, 3)]))
show("fractions", sum([Fraction(1, 3), Fraction(1, 6)]))
show("float subclass", sum([0.1, Half(0.5), 0.2]))
show("float subclass alone", sum([Half(0.5)]))
show("int subclass", sum([0.1, Level(2), 0.2]))
show("radd", sum([0.1, 0.2, Loud(0.3)]))
show("generator", sum(x * 0.1 for x in range(30)))
show("generator whole", sum(float(x) for x in range(30)))
show("tuple", sum((0.1, 0.2, 0.3)))
show("big int", sum([0.5, 2 ** 60]))
try:
    sum([0.5, 10 ** 400])
except OverflowError as e:
    print("overflow", e)
show("inf", sum([1e308, 1e308, -1e308]))
show("nan", sum([float("nan"), 1.0]))
