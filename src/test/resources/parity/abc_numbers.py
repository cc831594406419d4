import abc, numbers, collections.abc as cabc
from decimal import Decimal
from fractions import Fraction
class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self): ...
    @property
    @abc.abstractmethod
    def name(self): ...
    def describe(self): return f"{self.name}: {self.area():.2f}"
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
    @property
    def name(self): return "square"
try:
    Shape()
except TypeError as e:
    print("TypeError:", e)
class Half(Shape):
    def area(self): return 1
try:
    Half()
except TypeError as e:
    print("TypeError:", e)
print(Sq(3).describe(), sorted(Shape.__abstractmethods__), Sq.__abstractmethods__)
class Duck:
    def __len__(self): return 0
    def __iter__(self): return iter(())
    def __contains__(self, x): return False
print(isinstance(Duck(), cabc.Sized), isinstance(Duck(), cabc.Collection), isinstance(Duck(), cabc.Sequence))
class Plugin(abc.ABC): pass
Plugin.register(int)
print(isinstance(3, Plugin), issubclass(bool, Plugin), issubclass(str, Plugin))
for v in [1, True, 1.5, 2j, Decimal("1"), Fraction(1, 3)]:
    print(type(v).__name__, [c.__name__ for c in (numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral) if isinstance(v, c)])
print(isinstance({}, cabc.MutableMapping), isinstance((), cabc.Hashable), isinstance([], cabc.Hashable),
      isinstance(range(3), cabc.Reversible), isinstance(iter([]), cabc.Iterator), isinstance(x for x in []) if False else None)
print(issubclass(dict, cabc.Mapping), cabc.Mapping.__abstractmethods__ == frozenset({'__getitem__', '__iter__', '__len__'}))
class MyMap(cabc.Mapping):
    def __init__(self, d): self._d = d
    def __getitem__(self, k): return self._d[k]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
mm = MyMap({"a": 1, "b": 2})
print(list(mm.items()), mm.get("z", 0), "a" in mm, mm == {"a": 1, "b": 2}, dict(mm))
print(type(Shape).__name__, abc.get_cache_token() is not None)
