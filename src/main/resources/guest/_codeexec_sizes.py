"""sys.getsizeof as CPython 3.12 answers it on 64-bit Linux. GraalPy's failed internally for every object, past the
caller's except clauses. Its objects have no CPython layout, so these are CPython's figures for the same values,
computed from CPython's layouts: exact for numbers, strings, bytes, tuples, lists and dicts made by adding items
(over-allocation of grown lists aside), and sets grown by adding; an object whose class defines __sizeof__ gets
that plus CPython's collector header, as there."""

import types

_GC_HEADER = 16
_BUILTIN_METHODS = (types.BuiltinFunctionType, types.WrapperDescriptorType, types.MethodDescriptorType)
_FIXED = {float: 24, complex: 32, type(None): 16, type(...): 16, type(NotImplemented): 16, range: 48, slice: 56,
          object: 16, types.FunctionType: 160, types.GeneratorType: 192, types.ModuleType: 72}


def _int(n):
    bits = abs(n).bit_length()
    return 28 if bits <= 30 else 24 + 4 * -(-bits // 30)


def _str(s):
    widest = max(map(ord, s), default=0)
    if widest < 128:
        return 41 + len(s)
    if widest < 256:
        return 57 + len(s)
    if widest < 65536:
        return 58 + 2 * len(s)
    return 60 + 4 * len(s)


def _dict(d):
    size, usable = 8, 5
    while len(d) > usable:
        size = 1 << (3 * usable - 1).bit_length()
        usable = 2 * size // 3
    index = 1 if size <= 128 else 2 if size <= 1 << 15 else 4 if size <= 1 << 31 else 8
    entry = 16 if all(type(k) is str for k in d) else 24
    return 48 + (0 if not d else 32 + size * index + usable * entry) + _GC_HEADER


def _set(s):
    size = 8
    for fill in range(1, len(s) + 1):
        if fill * 5 >= (size - 1) * 3:
            size = 8
            while size <= fill * 4:
                size <<= 1
    return 200 + (16 * size if size > 8 else 0) + _GC_HEADER


_BY_TYPE = {int: _int, bool: _int, str: _str, bytes: lambda b: 33 + len(b),
            bytearray: lambda b: 57 + len(b) if b else 56,
            list: lambda seq: 56 + 8 * len(seq), tuple: lambda seq: 40 + 8 * len(seq),
            dict: _dict, set: _set, frozenset: _set}


def _own_sizeof(cls):
    for klass in cls.__mro__:
        method = vars(klass).get("__sizeof__")
        if method is not None:
            return None if isinstance(method, _BUILTIN_METHODS) else method
    return None


def getsizeof(obj, *default):
    """Return the size of object in bytes."""
    if len(default) > 1:
        raise TypeError(f"getsizeof() takes at most 2 arguments ({1 + len(default)} given)")
    cls = type(obj)
    own = _own_sizeof(cls)
    if own is not None:
        try:
            size = own(obj)
        except TypeError:
            if default:
                return default[0]
            raise
        if not isinstance(size, int):
            raise TypeError("an integer is required")
        if size < 0:
            raise ValueError("__sizeof__() should return >= 0")
        return size + _GC_HEADER + (16 if hasattr(obj, "__dict__") else 0)  # the instance dict's pointers
    for base in cls.__mro__:
        measure = _BY_TYPE.get(base)
        if measure is not None:
            return measure(obj) + (16 if base is not cls else 0)  # a subclass's instance dict
        fixed = _FIXED.get(base)
        if fixed is not None and (base is not object or cls is object):
            return fixed
    if isinstance(obj, type):
        return 1704 if hasattr(obj, "__dict__") and obj.__module__ != "builtins" else 432
    slots = sum(len(vars(k).get("__slots__", ())) for k in cls.__mro__ if isinstance(vars(k).get("__slots__"), tuple))
    return 48 if hasattr(obj, "__dict__") else 16 + 8 * slots + _GC_HEADER
