import enum
from enum import Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique, verify, UNIQUE, CONTINUOUS
class Color(Enum):
    RED = 1
    GREEN = 2
    CRIMSON = 1
    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls[value.upper()]
print(Color.CRIMSON is Color.RED, list(Color), list(Color.__members__), Color("green"))
print(repr(Color.RED), str(Color.RED), f"{Color.RED}", format(Color.RED, ">10"))
class Num(IntEnum):
    ONE = 1
    TWO = 2
print(repr(Num.ONE), str(Num.ONE), f"{Num.ONE}", Num.ONE + 1, f"{Num.TWO:03d}", Num(2).name)
class S(StrEnum):
    A = auto()
    B = "bee"
print(repr(S.A), str(S.A), S.A == "a", f"{S.B}", S.B.upper(), list(S))
class Perm(Flag):
    R = 4
    W = 2
    X = 1
    RW = R | W
rw = Perm.R | Perm.W
print(repr(rw), str(rw), list(rw), Perm.R in rw, repr(~Perm.R), bool(Perm(0)), repr(Perm(0)), len(rw))
class IP(IntFlag):
    A = 1
    B = 2
print(repr(IP.A | IP.B), str(IP.A | 8), repr(IP(8)), IP.A | 4, format(IP.B, "d"))
try:
    Color(99)
except ValueError as e:
    print("ValueError:", e)
try:
    @unique
    class U(Enum):
        A = 1
        B = 1
except ValueError as e:
    print("ValueError:", e)
try:
    @verify(CONTINUOUS)
    class C(IntEnum):
        A = 1
        C = 3
except ValueError as e:
    print("ValueError:", e)
Animal = Enum("Animal", "CAT DOG")
print(list(Animal), Animal.DOG.value, Enum("E", [("X", 10)]).X.value)
class Planet(Enum):
    EARTH = (5.97e24, 6.37e6)
    def __init__(self, mass, radius): self.mass, self.radius = mass, radius
print(Planet.EARTH.mass, Planet.EARTH.value)
class WithMember(Enum):
    A = 1
    helper = enum.nonmember(5)
    @enum.member
    def fn(x): return x
print([m.name for m in WithMember], WithMember.helper, WithMember.fn.value(3))
class Ordered(Enum):
    def _generate_next_value_(name, start, count, last_values): return name.lower()
    X = auto(); Y = auto()
print([m.value for m in Ordered])
print(Color.RED in Color, 1 in Color, "RED" in Color.__members__, Color["GREEN"], Color.RED.__class__.__name__)
try:
    Color.RED = 5
except AttributeError as e:
    print("AttributeError:", e)
print(sorted(Perm.__members__), enum.show_flag_values(7) if hasattr(enum, "show_flag_values") else None)
