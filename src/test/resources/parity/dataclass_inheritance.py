from dataclasses import dataclass, field, fields
import dataclasses
@dataclass
class Base:
    x: int
    y: int = 0
@dataclass
class Child(Base):
    z: int = 5
    x: int = 10
print(Child(), [f.name for f in fields(Child)])
@dataclass(unsafe_hash=True)
class H:
    a: int
    b: list = field(compare=False, hash=False, default=None)
print(hash(H(1)) == hash(H(1, [2])), H(1) == H(1, [9]))
@dataclass
class Unhashable:
    a: int
print(Unhashable.__hash__ is None)
try:
    hash(Unhashable(1))
except TypeError as e:
    print("TypeError:", e)
@dataclass(frozen=True)
class F:
    a: int
try:
    @dataclass
    class G(F):
        b: int = 0
except TypeError as e:
    print("TypeError:", e)
@dataclass
class Rec:
    name: str
    parent: "Rec | None" = None
r = Rec("child", Rec("root"))
print(r)
@dataclass(repr=False)
class NoRepr:
    a: int
print(repr(NoRepr(1)).startswith("<__main__.NoRepr object"))
@dataclass
class Meta:
    x: int = field(default=1, metadata={"unit": "cm"})
print(fields(Meta)[0].metadata["unit"], type(fields(Meta)[0].metadata).__name__)
print(repr(fields(Meta)[0])[:40])
print(type(dataclasses.MISSING).__name__, fields(Meta)[0].default_factory is dataclasses.MISSING)
@dataclass(match_args=False)
class NM:
    a: int
print(hasattr(NM, "__match_args__"))
match Child(1, 2, 3):
    case Child(x, y): print("matched", x, y)
@dataclass
class WithClassVar:
    from typing import ClassVar
    count: ClassVar[int] = 0
    v: int = 1
print([f.name for f in fields(WithClassVar)], WithClassVar.count)
@dataclass(slots=True, weakref_slot=True)
class SW:
    a: int
import weakref; print(weakref.ref(SW(1)) is not None, "__weakref__" in SW.__slots__)
