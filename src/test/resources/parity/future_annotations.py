from __future__ import annotations
import typing, dataclasses, inspect
@dataclasses.dataclass
class Order:
    id: int
    items: list[str]
    parent: Order | None = None
def total(o: Order, rate: float = 1.0) -> dict[str, float]: ...
print(Order.__annotations__, total.__annotations__)
print(typing.get_type_hints(Order), typing.get_type_hints(total))
print(inspect.signature(total), [f.type for f in dataclasses.fields(Order)])
print(inspect.get_annotations(total, eval_str=True))
