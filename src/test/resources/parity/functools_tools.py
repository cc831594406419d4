import functools
@functools.singledispatch
def show(x): return f"obj {x!r}"
@show.register
def _(x: int): return f"int {x}"
@show.register(list)
def _(x): return f"list of {len(x)}"
@show.register
def _(x: str | bytes): return f"text {x!r}"
print([show(v) for v in [1, True, [1, 2], "s", b"b", 1.5, None]])
print(show.dispatch(bool).__name__, sorted(k.__name__ for k in show.registry))
class Circle:
    def __init__(self, r): self.r = r
    @functools.cached_property
    def area(self):
        print("computing"); return 3 * self.r ** 2
c = Circle(2); print(c.area, c.area, "area" in vars(c)); del c.area; print(c.area)
@functools.total_ordering
class V:
    def __init__(self, n): self.n = n
    def __eq__(self, o): return self.n == o.n
    def __lt__(self, o): return self.n < o.n
    def __repr__(self): return f"V({self.n})"
print(V(1) <= V(2), V(3) >= V(2), V(2) > V(2), sorted([V(3), V(1), V(2)]))
def power(base, exp, *, mod=None): return pow(base, exp, mod)
sq = functools.partial(power, exp=2)
print(sq(7), repr(functools.partial(power, 2, mod=5)).split(" at 0x")[0], sq.func.__name__, sq.args, sq.keywords)
@functools.lru_cache(maxsize=2)
def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(20), fib.cache_info())
fib.cache_clear(); print(fib.cache_info(), fib.cache_parameters())
@functools.cache
def sq2(n): return n * n
[sq2(i % 3) for i in range(10)]; print(sq2.cache_info())
print(functools.reduce(lambda a, b: a * b, range(1, 6)), functools.reduce(lambda a, b: a + b, [], 0))
try:
    functools.reduce(lambda a, b: a + b, [])
except TypeError as e:
    print("TypeError")
def deco(f):
    @functools.wraps(f)
    def inner(*a, **k): return f(*a, **k)
    return inner
@deco
def documented(x):
    "Doc here."
    return x
print(documented.__name__, documented.__doc__, documented.__wrapped__.__name__, documented.__qualname__)
print(sorted(["b", "A", "c"], key=functools.cmp_to_key(lambda a, b: (a.lower() > b.lower()) - (a.lower() < b.lower()))))
class M:
    @functools.singledispatchmethod
    def f(self, x): return "base"
    @f.register
    def _(self, x: int): return "int"
print(M().f(1), M().f("s"))
pm = functools.partialmethod
class Cell:
    def set(self, state): self.state = state; return self
    on = pm(set, True)
print(Cell().on().state)
