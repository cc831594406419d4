# sys.getsizeof as data scripts print it to compare structures.
import sys

values = [0, 1, 2 ** 31, 2 ** 64, -7, True, 3.5, 2j, "", "ascii", "café au lait", "€uro", "😀 emoji", b"", b"bytes",
          bytearray(b"abc"), [0] * 5, list(range(10)), (), (1, 2), {}, {"a": 1, "b": 2},
          {i: i for i in range(6)}, dict.fromkeys("abcdefghijk"), set(), set(range(5)), frozenset("ab"),
          range(100), None]
for value in values:
    print(type(value).__name__, sys.getsizeof(value))


class Plain:
    pass


class Slotted:
    __slots__ = ("x", "y")


class Measured:
    def __sizeof__(self):
        return 1000


print(sys.getsizeof(Plain()), sys.getsizeof(Slotted()), sys.getsizeof(Measured()))
print(sys.getsizeof(object()), sys.getsizeof(Measured(), 5))
rows = [{"id": i, "name": f"n{i}"} for i in range(100)]
print(sum(sys.getsizeof(r) for r in rows))
