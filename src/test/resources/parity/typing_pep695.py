type Pair[T] = tuple[T, T]
type IntList = list[int]
print(IntList, IntList.__value__, Pair.__type_params__, Pair[int], type(IntList).__name__)
def first[T](xs: list[T]) -> T:
    return xs[0]
print(first([3, 4]), first.__type_params__)
class Stack[T]:
    def __init__(self) -> None:
        self.items: list[T] = []
    def push(self, x: T) -> None:
        self.items.append(x)
s = Stack[int](); s.push(1); print(s.items, Stack.__type_params__, Stack[str])
class Bounded[T: (int, str), U: float]:
    pass
T_, U_ = Bounded.__type_params__
print(T_.__constraints__, U_.__bound__)
def variadic[*Ts](*args: *Ts) -> tuple[*Ts]:
    return args
print(variadic(1, "a"), variadic.__type_params__)
def params[**P](f): return f
print(params.__type_params__)
import typing
print(typing.get_type_hints(first), Stack.__orig_bases__ if hasattr(Stack, "__orig_bases__") else None)
type Recursive = list[Recursive] | int
print(Recursive.__value__)
print(f"{'nested' + f'{1 + 1}'}", f"{'quotes'!r:>10}", f"{"same quotes"}")
