from typing import (Annotated, TypedDict, Protocol, runtime_checkable, get_type_hints, get_origin, get_args,
                    Optional, Union, Literal, NamedTuple, Generic, TypeVar, Callable, Any, NotRequired, Required, Final, ClassVar)
import typing
class Movie(TypedDict):
    title: str
    year: int
    rating: NotRequired[float]
m: Movie = {"title": "Up", "year": 2009}
print(m, Movie.__required_keys__ == frozenset({"title", "year"}), sorted(Movie.__optional_keys__), Movie.__total__)
class Partial(TypedDict, total=False):
    a: int
print(sorted(Partial.__optional_keys__))
@runtime_checkable
class Closer(Protocol):
    def close(self) -> None: ...
class F:
    def close(self): pass
print(isinstance(F(), Closer), isinstance(1, Closer))
class P2(Protocol):
    def run(self) -> int: ...
try:
    isinstance(F(), P2)
except TypeError as e:
    print("TypeError:", e)
def f(x: Annotated[int, "positive"], y: Optional[str] = None) -> list[int]: ...
print(get_type_hints(f))
print(get_type_hints(f, include_extras=True)["x"])
print(get_origin(list[int]), get_args(dict[str, list[int]]), get_origin(Optional[int]), get_args(Union[int, str]))
print(get_args(Annotated[int, "a", 1]), get_origin(Literal["x"]), get_args(Literal["x", 1]))
print(repr(Optional[int]), repr(int | None), repr(Callable[[int, str], bool]), repr(list[dict[str, Any]]))
class Pt(NamedTuple):
    x: int
    y: int = 0
print(Pt(1), Pt._fields, Pt._field_defaults, Pt.__annotations__)
T = TypeVar("T")
class Box(Generic[T]):
    def __init__(self, v: T): self.v = v
print(Box[int], Box[int](3).v, Box.__parameters__, T, repr(TypeVar("N", bound=int)))
class C:
    x: ClassVar[int] = 1
    y: Final = 2
    z: "int"
print(get_type_hints(C))
print(typing.cast(int, "s"), typing.assert_type(3, int), typing.reveal_type if False else "ok")
def g(a: "Undefined"): ...
try:
    get_type_hints(g)
except NameError as e:
    print("NameError:", e)
print(Literal["a", "b"] == Literal["b", "a"], Union[int, str] == Union[str, int], (int | str) == Union[int, str])
print(typing.get_overloads(f), callable(typing.get_overloads))
