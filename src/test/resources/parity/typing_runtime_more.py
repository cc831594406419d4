import typing
from typing import (Any, Callable, ClassVar, Generic, Literal, NamedTuple, Optional, Protocol, TypedDict, TypeVar,
                    Union, Annotated, get_args, get_origin, get_type_hints, runtime_checkable, ParamSpec, NewType, cast,
                    assert_never, Required, NotRequired, Self, TypeAlias, overload, final, Final)
T = TypeVar("T", bound=int); P = ParamSpec("P"); S = TypeVar("S", str, bytes)
print(repr(T), T.__bound__, repr(P), S.__constraints__, repr(TypeVar("Co", covariant=True)))
print(Optional[int], Union[int, str], int | None, list[int], dict[str, list[int]], Callable[[int], str], Callable[P, T])
print(get_origin(list[int]), get_args(dict[str, int]), get_origin(int | str), get_args(Optional[int]), get_args(Callable[[int], str]))
print(get_origin(Annotated[int, "meta"]), get_args(Annotated[int, "meta"]), Literal["a", 1], get_args(Literal["a", 1]))
class Movie(TypedDict, total=False):
    title: Required[str]
    year: int
print(Movie.__required_keys__, Movie.__optional_keys__, Movie(title="x"))
class Emp(NamedTuple):
    name: str
    id: int = 3
print(Emp("a"), Emp._fields, Emp._field_defaults, Emp.__annotations__)
@runtime_checkable
class Closer(Protocol):
    def close(self) -> None: ...
class F:
    def close(self): pass
print(isinstance(F(), Closer), isinstance(1, Closer))
try:
    class NP(Protocol):
        def m(self): ...
    isinstance(1, NP)
except TypeError as e:
    print("TypeError:", e)
class Box(Generic[T]):
    def __init__(self, v: T): self.v = v
print(Box[int], Box.__parameters__, Box[int].__origin__ is Box, Box(3).v)
UserId = NewType("UserId", int)
print(UserId(5), UserId.__supertype__, repr(UserId))
def f(a: "int", b: Optional[str] = None) -> list["Emp"]: ...
print(get_type_hints(f))
def g(x: Annotated[int, "m"]) -> None: ...
print(get_type_hints(g), get_type_hints(g, include_extras=True))
print(cast(int, "x"), typing.TYPE_CHECKING, Any, repr(Self), ClassVar[int], Final[int])
try:
    assert_never(1)
except AssertionError as e:
    print("AssertionError:", e)
@overload
def h(x: int) -> int: ...
@overload
def h(x: str) -> str: ...
def h(x): return x
print(len(typing.get_overloads(h)), h(2))
try:
    Union[int]()
except TypeError as e:
    print("TypeError:", type(e).__name__)
print(typing.reveal_type(5) if False else "", typing.get_origin(typing.List[int]), typing.List[int])
