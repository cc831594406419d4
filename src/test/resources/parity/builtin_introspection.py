# What CPython's C functions and types tell about themselves: docstrings, text signatures, slot descriptors.
import inspect, io, contextlib
print(len.__doc__)
print(str.split.__doc__.splitlines()[0] if str.split.__doc__ else None)
print(inspect.signature(len), inspect.signature(divmod), inspect.signature(sorted))
print(abs.__doc__, int.__doc__ is None)
class Slotted:
    __slots__ = ("a",)
print(type(Slotted.a).__name__, type(int.real).__name__, type(str.join).__name__)
async def agen():
    yield 1
g = agen()
print(getattr(g, "__name__", "no __name__"), getattr(g, "__qualname__", "no __qualname__"))
