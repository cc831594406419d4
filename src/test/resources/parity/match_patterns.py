from dataclasses import dataclass
@dataclass
class Point:
    x: int
    y: int
@dataclass
class Circle:
    center: Point
    r: float
class Plain:
    __match_args__ = ("a", "b")
    def __init__(self, a, b): self.a, self.b = a, b
def describe(obj):
    match obj:
        case Point(x=0, y=0): return "origin"
        case Point(0, y): return f"on y axis at {y}"
        case Point(x, y) if x == y: return f"diagonal {x}"
        case Circle(Point(x, y), r=r) if r > 10: return f"big circle at {x},{y}"
        case Circle(center=c): return f"circle at {c}"
        case Plain(1, b): return f"plain one {b}"
        case [int(a), *rest] if rest: return f"int list head {a} rest {rest}"
        case [str() as s]: return f"single str {s}"
        case (1 | 2 | 3) as small: return f"small {small}"
        case {"type": "user", "name": str(name), **extra}: return f"user {name} extra {sorted(extra)}"
        case {"type": _}: return "typed mapping"
        case str() | bytes(): return f"text {obj!r}"
        case float(v) if v != v: return "nan"
        case None: return "none"
        case _: return f"other {type(obj).__name__}"
for o in [Point(0, 0), Point(0, 5), Point(2, 2), Point(1, 3), Circle(Point(1, 2), 11), Circle(Point(1, 2), 1),
          Plain(1, "z"), Plain(2, "z"), [1, 2, 3], [1], ["s"], 2, 7, {"type": "user", "name": "ann", "age": 3, "z": 0},
          {"type": 5}, "hi", b"b", float("nan"), None, (1, "x"), 3.0]:
    print(describe(o))
match (1, 2):
    case [a, b]: print("seq", a, b)
match {"k": 1}:
    case {}: print("empty mapping pattern matches any mapping")
import enum
class Color(enum.Enum):
    RED = 1; BLUE = 2
match Color.BLUE:
    case Color.RED: print("red")
    case Color.BLUE: print("blue")
try:
    match Plain(1, 2):
        case Plain(1, 2, 3): pass
except TypeError as e:
    print("TypeError")
class NoArgs: pass
try:
    match NoArgs():
        case NoArgs(1): pass
except TypeError as e:
    print("TypeError")
