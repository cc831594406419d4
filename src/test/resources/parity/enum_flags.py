import enum
class Perm(enum.Flag):
    R = enum.auto(); W = enum.auto(); X = enum.auto()
    RW = R | W
rw = Perm.R | Perm.W
print(rw, repr(rw), Perm.RW is rw, list(rw), Perm.R in rw, bool(Perm(0)), repr(Perm(0)), ~Perm.R, len(rw))
print(Perm(7), list(Perm), [m.name for m in Perm.__members__.values()], Perm.X.value)
class Open(enum.IntFlag):
    RD = 1; WR = 2; APPEND = 8
print(Open.RD | Open.WR, repr(Open.RD | 4), Open.WR + 1, Open(10), int(Open.APPEND), Open.RD == 1, format(Open.WR, "d"))
class Color(enum.StrEnum):
    RED = enum.auto(); DARK_BLUE = enum.auto()
print(Color.RED, repr(Color.DARK_BLUE), Color.RED == "red", Color("dark_blue"), f"{Color.RED}", Color.RED.upper(), str(Color.RED))
class Status(enum.IntEnum):
    OK = 200; NOT_FOUND = 404
print(Status.OK, repr(Status.OK), Status(404).name, Status.OK + 1, f"{Status.OK}", f"{Status.OK:>6}", Status.OK < 300, sorted(Status, reverse=True))
class Plan(enum.Enum):
    FREE = 0; PRO = 10
    @property
    def price(self): return self.value * 1.5
    @classmethod
    def _missing_(cls, value):
        return cls.FREE if value is None else None
print(Plan.PRO.price, Plan(None), repr(Plan.PRO), Plan["PRO"], f"{Plan.PRO}", str(Plan.FREE))
try:
    Plan(3)
except ValueError as e:
    print("ValueError:", e)
try:
    Plan["GOLD"]
except KeyError as e:
    print("KeyError:", e)
@enum.unique
class A(enum.Enum):
    X = 1
try:
    @enum.unique
    class B(enum.Enum):
        X = 1; Y = 1
except ValueError as e:
    print("ValueError:", e)
class Shape(enum.Enum):
    SQUARE = 2; ALIAS = 2; CIRCLE = 3
print(list(Shape), Shape.ALIAS is Shape.SQUARE, list(Shape.__members__))
class Ordinal(enum.Enum):
    def _generate_next_value_(name, start, count, last_values): return name.lower() * 2
    ONE = enum.auto(); TWO = enum.auto()
print(Ordinal.TWO.value)
Animal = enum.Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, enum.Enum("E", [("A", 5)]).A)
try:
    Plan.PRO = 5
except AttributeError as e:
    print("AttributeError:", e)
class Weekday(enum.Flag, boundary=enum.STRICT):
    MON = 1; TUE = 2
try:
    Weekday(8)
except ValueError as e:
    print("ValueError:", e)
print(enum.member, Perm.R.__class__.__name__, isinstance(Status.OK, int), Perm._boundary_ if hasattr(Perm, "_boundary_") else None)
@enum.verify(enum.CONTINUOUS)
class Cont(enum.IntEnum):
    A = 1; B = 2
print(list(Cont))
