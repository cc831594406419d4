import inspect, functools, dataclasses
def f(a, /, b, *, c=3, **kw) -> int: return 1
print(inspect.signature(f), [p.kind.name for p in inspect.signature(f).parameters.values()], inspect.signature(f).return_annotation)
print(inspect.signature(functools.partial(f, 1)), inspect.isfunction(f), inspect.isbuiltin(len), inspect.isclass(int))
@dataclasses.dataclass
class D:
    x: int
    y: str = "a"
print(inspect.signature(D), inspect.getmembers(D, inspect.isfunction)[0][0], inspect.getmro(bool))
for fn in (len, sorted, print, max, str.split, dict.get, int):
    try:
        print(fn.__qualname__ if hasattr(fn, "__qualname__") else fn, inspect.signature(fn))
    except ValueError as e:
        print(fn.__qualname__, "ValueError:", e)
class A:
    def m(self, x): ...
    @staticmethod
    def s(y): ...
    @classmethod
    def c(cls, z): ...
print(inspect.signature(A().m), inspect.signature(A.s), inspect.signature(A.c), type(inspect.getattr_static(A, "s")).__name__)
b = inspect.signature(f).bind(1, 2, c=4, z=5); b.apply_defaults(); print(b.arguments, b.args, b.kwargs)
try:
    inspect.signature(f).bind(1)
except TypeError as e:
    print("TypeError:", e)
print(inspect.isgeneratorfunction(lambda: (yield)), inspect.iscoroutinefunction(f), inspect.getdoc(D) is not None, inspect.cleandoc("  a\n    b"))
def outer():
    x = 1
    def inner(): return x
    return inner
print(inspect.getclosurevars(outer()), inspect.unwrap(functools.wraps(f)(lambda: 0)) is f)
