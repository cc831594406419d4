from dataclasses import dataclass, field, asdict, astuple, replace, fields
from typing import Optional
@dataclass(order=True)
class Item:
    sort_index: float = field(init=False, repr=False)
    name: str
    price: float
    tags: list = field(default_factory=list)
    note: Optional[str] = None
    def __post_init__(self):
        self.sort_index = self.price
@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
items = [Item("b", 2.0, ["x"]), Item("a", 1.0), Item("c", 1.5, note="n")]
print(sorted(items))
print(asdict(items[0]), astuple(Point(1, 2)))
print(replace(Point(1), y=5), Point(1, 2) == Point(1, 2), hash(Point(1, 2)) == hash(Point(1, 2)))
try:
    Point(1).x = 3
except Exception as e:
    print(type(e).__name__, e)
print([f.name for f in fields(Item)], Item.__annotations__)
