class Positive:
    def __set_name__(self, owner, name): self.name = "_" + name; self.public = name
    def __get__(self, obj, objtype=None):
        if obj is None: return self
        return getattr(obj, self.name, 0)
    def __set__(self, obj, value):
        if value <= 0: raise ValueError(f"{self.public} must be positive, got {value}")
        setattr(obj, self.name, value)
class Order:
    qty = Positive(); price = Positive()
    def __init__(self, q, p): self.qty, self.price = q, p
o = Order(2, 5); print(o.qty * o.price, type(Order.qty).__name__, Order.qty.public, sorted(vars(o)))
try:
    o.qty = -1
except ValueError as e:
    print("ValueError:", e)
class Registry(type):
    classes = []
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns)
        mcls.classes.append(name); cls.tag = kw.get("tag", "none"); return cls
    def __call__(cls, *a, **k):
        inst = super().__call__(*a, **k); inst.made_by = "meta"; return inst
    def __repr__(cls): return f"<class {cls.__name__} via Registry>"
class Base(metaclass=Registry): pass
class Child(Base, tag="kid"): pass
print(Registry.classes, Child.tag, Base.tag, Child().made_by, repr(Child), type(Child).__name__)
class Plugin:
    plugins = {}
    def __init_subclass__(cls, /, key=None, **kw):
        super().__init_subclass__(**kw); Plugin.plugins[key or cls.__name__.lower()] = cls
class CsvPlugin(Plugin, key="csv"): pass
class JsonPlugin(Plugin): pass
print(sorted(Plugin.plugins))
try:
    class Bad(Plugin, unknown=1): pass
except TypeError as e:
    print("TypeError")
class Box:
    def __class_getitem__(cls, item): return f"Box[{item.__name__}]"
print(Box[int], list[int], dict[str, int].__origin__, type(list[int]).__name__)
class Slotted:
    __slots__ = ("a", "b")
s = Slotted(); s.a = 1
try:
    s.c = 3
except AttributeError as e:
    print("AttributeError:", e)
try:
    s.b
except AttributeError as e:
    print("AttributeError:", e)
print(hasattr(s, "__dict__"), Slotted.__slots__)
class Dyn:
    def __getattr__(self, name):
        if name.startswith("get_"): return lambda: name[4:]
        raise AttributeError(f"{type(self).__name__!r} has no {name!r}")
print(Dyn().get_value())
try:
    Dyn().other
except AttributeError as e:
    print("AttributeError:", e)
class Vec:
    def __init__(self, *c): self.c = c
    def __repr__(self): return f"Vec{self.c}"
    def __add__(self, o): return Vec(*(a + b for a, b in zip(self.c, o.c)))
    def __mul__(self, k): return Vec(*(a * k for a in self.c))
    __rmul__ = __mul__
    def __eq__(self, o): return isinstance(o, Vec) and self.c == o.c
    def __len__(self): return len(self.c)
    def __getitem__(self, i): return self.c[i]
    def __bool__(self): return any(self.c)
    def __format__(self, spec): return "(" + ", ".join(format(x, spec) for x in self.c) + ")"
v = Vec(1, 2); print(v + v, 3 * v, v * 2, v == Vec(1, 2), len(v), list(v), bool(Vec(0, 0)), f"{v:.2f}", v[-1], hash(Vec) is not None)
try:
    hash(v)
except TypeError as e:
    print("TypeError:", e)
try:
    v - v
except TypeError as e:
    print("TypeError:", e)
try:
    format(object(), "x")
except TypeError as e:
    print("TypeError:", e)
print(format(object.__new__(object), "") != "", format(3, ""), format("s", ""))
class P:
    @property
    def x(self): return 1
try:
    P().x = 2
except AttributeError as e:
    print("AttributeError:", e)
class Q:
    @property
    def x(self): return self._x
    @x.setter
    def x(self, v): self._x = v * 2
    @x.deleter
    def x(self): print("deleting")
q = Q(); q.x = 5; print(q.x); del q.x
print(Child.__mro__[1].__name__, Child.__qualname__, Child.__module__, isinstance(Child, Registry), callable(Child), Base.__subclasses__())
class A:
    def who(self): return "A"
class B(A):
    def who(self): return "B>" + super().who()
class C(A):
    def who(self): return "C>" + super().who()
class D(B, C):
    def who(self): return "D>" + super().who()
print(D().who(), [k.__name__ for k in D.__mro__])
try:
    class X(A, B): pass
except TypeError as e:
    print("TypeError:", e)
