import enum
from abc import ABC, abstractmethod
class Color(enum.Enum):
    RED = 1
    GREEN = 2
class Perm(enum.Flag):
    R = 4
    W = 2
    X = 1
class Status(enum.StrEnum):
    OK = enum.auto()
    FAIL = enum.auto()
print(Color.RED, repr(Color.GREEN), Color(2), Color["RED"], list(Color))
print(Perm.R | Perm.W, repr(Perm.R | Perm.X), Perm.W in (Perm.R | Perm.W), Status.OK, Status.FAIL == "fail")
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    def describe(self):
        return f"{type(self).__name__} with area {self.area():.2f}"
class Circle(Shape):
    def __init__(self, r): self.r = r
    def area(self): return 3.14159 * self.r ** 2
    @property
    def diameter(self): return self.r * 2
    @classmethod
    def unit(cls): return cls(1)
    @staticmethod
    def kind(): return "round"
print(Circle(2).describe(), Circle.unit().diameter, Circle.kind())
try:
    Shape()
except TypeError as e:
    print("TypeError:", e)
class Slotted:
    __slots__ = ("a",)
s = Slotted(); s.a = 1
try:
    s.b = 2
except AttributeError as e:
    print("AttributeError:", e)
print(Circle.__mro__, isinstance(Circle(1), Shape))
