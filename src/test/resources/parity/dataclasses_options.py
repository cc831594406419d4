import dataclasses as dc
from dataclasses import dataclass, field, asdict, astuple, replace, fields, FrozenInstanceError, KW_ONLY
@dataclass(slots=True)
class Pt:
    x: int
    y: int = 0
p = Pt(1); print(p, Pt.__slots__, hasattr(p, "__dict__"))
try:
    p.z = 3
except AttributeError as e:
    print("AttributeError:", e)
@dataclass(kw_only=True)
class Opts:
    verbose: bool = False
    level: int
print(Opts(level=2))
try:
    Opts(True, 2)
except TypeError as e:
    print("TypeError:", e)
@dataclass
class Mixed:
    a: int
    _: KW_ONLY
    b: int = 1
    c: list = field(default_factory=list)
print(Mixed(1, b=2), [f.name for f in fields(Mixed)], [f.kw_only for f in fields(Mixed)])
@dataclass(frozen=True, order=True)
class Ver:
    major: int
    minor: int = 0
    tag: str = field(default="", compare=False, repr=False)
v = Ver(1, 2, "x")
print(v, sorted([Ver(2), Ver(1, 5), Ver(1, 2)]), hash(v) == hash(Ver(1, 2, "y")), replace(v, minor=9))
try:
    v.major = 3
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
try:
    @dataclass
    class Bad:
        items: list = []
except ValueError as e:
    print("ValueError:", e)
try:
    @dataclass
    class Order:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
@dataclass
class Inv:
    name: str
    qty: int
    total: float = field(init=False)
    meta: dict = field(default_factory=dict, metadata={"unit": "kg"})
    def __post_init__(self): self.total = self.qty * 1.5
i = Inv("bolt", 4); print(i, asdict(i), astuple(i), fields(Inv)[3].metadata["unit"])
@dataclass
class Outer:
    inner: Inv
    tags: tuple = ()
print(asdict(Outer(i, ("a",))), dc.is_dataclass(Outer), dc.is_dataclass(i), dc.is_dataclass(1))
try:
    replace(i, total=1)
except ValueError as e:
    print("ValueError:", e)
C = dc.make_dataclass("C", [("a", int), ("b", str, field(default="z"))], namespace={"hi": lambda self: self.a})
print(C(3), C(3).hi(), repr(field(default=1))[:6])
@dataclass(eq=False)
class NoEq:
    a: int
print(NoEq(1) == NoEq(1), Pt(1) == Pt(1), Pt(1) == (1, 0))
@dataclass
class Base:
    x: int = 0
@dataclass
class Child(Base):
    y: int = 1
print(Child(5, 6), Child.__match_args__, type(dc.MISSING).__name__)
