import typing, inspect, copy
from dataclasses import dataclass, field
from typing import get_type_hints, NamedTuple, TypedDict
@dataclass
class Config:
    name: str
    retries: int = 3
    servers: "list[str]" = field(default_factory=list)
class Pair(NamedTuple):
    left: int
    right: str = "r"
class Movie(TypedDict):
    title: str
    year: int
print(get_type_hints(Config))
print(get_type_hints(Pair), Pair(1), Pair._fields, Pair(1)._replace(left=2))
print(get_type_hints(Movie), Movie(title="x", year=1))
def greet(name: str, times: int = 1, *args, flag: bool = False, **kw) -> str:
    """Say hello."""
    return name * times
sig = inspect.signature(greet)
print(sig, list(sig.parameters), sig.return_annotation, inspect.getdoc(greet))
print(inspect.isclass(Config), inspect.isfunction(greet), [m for m, _ in inspect.getmembers(Config) if not m.startswith("_")])
c = Config("a", servers=["s1"])
d = copy.deepcopy(c)
d.servers.append("s2")
print(c, d, copy.copy(c) == c)
print(inspect.getfullargspec(greet).kwonlyargs, inspect.isgeneratorfunction(greet))
