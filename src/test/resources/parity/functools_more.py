import functools
from functools import cache, lru_cache, cached_property, singledispatch, singledispatchmethod, partial, partialmethod, reduce, total_ordering, wraps, cmp_to_key
@lru_cache(maxsize=2)
def sq(x): return x * x
[sq(i) for i in (1, 2, 1, 3, 1)]; print(sq.cache_info()); sq.cache_clear(); print(sq.cache_info(), sq.cache_parameters())
@lru_cache(typed=True)
def ident(x): return type(x).__name__
print(ident(1), ident(1.0), ident.cache_info().currsize)
@cache
def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), fib.cache_info().hits, fib.__wrapped__.__name__)
try:
    sq([1])
except TypeError as e:
    print("TypeError:", e)
class Data:
    def __init__(self): self.calls = 0
    @cached_property
    def expensive(self):
        self.calls += 1; return 42
d = Data(); print(d.expensive, d.expensive, d.calls, "expensive" in vars(d)); del d.expensive; print(d.expensive, d.calls)
@singledispatch
def describe(x): return f"object {x!r}"
@describe.register
def _(x: int): return f"int {x}"
@describe.register
def _(x: list | tuple): return f"sequence of {len(x)}"
@describe.register(str)
def _(x): return f"str {x!r}"
print(describe(1), describe(True), describe([1, 2]), describe((1,)), describe("s"), describe(2.5), describe.dispatch(bool).__name__)
print(sorted(t.__name__ for t in describe.registry))
class Fmt:
    @singledispatchmethod
    def show(self, arg): return "generic"
    @show.register
    def _(self, arg: int): return "int"
    @show.register
    @classmethod
    def _(cls, arg: float): return "float via classmethod"
print(Fmt().show(1), Fmt().show("x"), Fmt().show(1.5))
p = partial(int, base=2); print(p("101"), p.func, p.args, p.keywords, repr(partial(max, 1, key=abs)).replace("<built-in function max>", "max"))
pp = partial(partial(pow, 2), 5); print(pp(), pp.args)
class Cell:
    def set(self, v, tag): self.v = (v, tag); return self
    set_on = partialmethod(set, tag="on")
print(Cell().set_on(1).v)
print(reduce(lambda a, b: a * b, range(1, 6)), reduce(lambda a, b: a + b, [], 0))
try:
    reduce(lambda a, b: a, [])
except TypeError as e:
    print("TypeError")
@total_ordering
class V:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
print(V(1) <= V(2), V(3) >= V(2), V(1) > V(1), sorted([V(3), V(1)], key=lambda v: v.v)[0].v)
def deco(f):
    @wraps(f)
    def inner(*a, **k): return f(*a, **k)
    return inner
@deco
def documented(a: int) -> int:
    "Doc here."
    return a
print(documented.__name__, documented.__doc__, documented.__wrapped__.__name__, documented.__annotations__, documented.__qualname__)
print(sorted(["b", "A", "c"], key=cmp_to_key(lambda a, b: (a.lower() > b.lower()) - (a.lower() < b.lower()))))
print(functools.WRAPPER_ASSIGNMENTS)
