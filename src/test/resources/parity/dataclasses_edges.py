from dataclasses import dataclass, field, fields, asdict, astuple, replace, InitVar, KW_ONLY, FrozenInstanceError, is_dataclass, make_dataclass
@dataclass(order=True)
class Item:
    sort_index: int = field(init=False, repr=False)
    name: str
    price: float = 0.0
    tags: list = field(default_factory=list)
    def __post_init__(self):
        self.sort_index = int(self.price * 100)
items = [Item("b", 2.5), Item("a", 1.0, ["x"]), Item("c", 2.5)]
print(sorted(items))
print(asdict(items[1]), astuple(items[0]))
@dataclass(frozen=True, slots=True)
class P:
    x: int
    y: int = 0
p = P(1)
try:
    p.x = 5
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
print(hash(p) == hash(P(1, 0)), replace(p, y=3), P.__slots__, P.__match_args__)
@dataclass
class WithInit:
    a: int
    scale: InitVar[int] = 2
    def __post_init__(self, scale): self.a *= scale
print(WithInit(3), WithInit(3, 10), [f.name for f in fields(WithInit)])
@dataclass
class K:
    a: int
    _: KW_ONLY
    b: int = 1
    c: int = 2
print(K(1, c=5), K.__match_args__)
try:
    K(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass
    class BadDefault:
        a: list = []
except ValueError as e:
    print("ValueError:", e)
@dataclass
class Node:
    val: int
    children: list = field(default_factory=list)
n = Node(1, [Node(2), Node(3, [Node(4)])])
print(asdict(n))
print(n == Node(1, [Node(2), Node(3, [Node(4)])]), Node.__eq__ is not object.__eq__, Node.__hash__)
D = make_dataclass("D", [("x", int), ("y", str, field(default="d"))], namespace={"double": lambda self: self.x * 2})
print(D(2), D(2).double(), is_dataclass(D), is_dataclass(D(1)))
try:
    replace(p, z=1)
except TypeError as e:
    print("TypeError:", e)
@dataclass(kw_only=True)
class Opts:
    verbose: bool = False
    level: int
print(Opts(level=3))
@dataclass(eq=False)
class NoEq:
    a: int
print(NoEq(1) == NoEq(1), repr(NoEq(1)))
