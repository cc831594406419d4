# A class with __slots__ and no __weakref__ slot refuses weak references; getweakrefcount counts the live ones.
import weakref
class NoWeak:
    __slots__ = ("a",)
try:
    weakref.ref(NoWeak())
    print("weak reference made")
except TypeError as e:
    print("TypeError:", e)
class Plain: pass
p = Plain(); r1 = weakref.ref(p); r2 = weakref.proxy(p)
print(weakref.getweakrefcount(p), len(weakref.getweakrefs(p)))
