# Errors whose type matches CPython's but whose words are GraalPy's: programs should match on the type.
import array, functools, math, struct, sys, tokenize, io
from decimal import Decimal, InvalidOperation
checks = [
    ("struct range", lambda: struct.pack("<h", 40000)),
    ("struct q range", lambda: struct.pack("<q", 2**64)),
    ("isqrt", lambda: math.isqrt(-1)),
    ("factorial", lambda: math.factorial(-1)),
    ("reduce", lambda: functools.reduce(lambda a, b: a, [])),
    ("fromhex odd", lambda: bytes.fromhex("abc")),
    ("array range", lambda: array.array("b", [200])),
    ("decimal literal", lambda: Decimal("abc")),
    ("decimal + float", lambda: Decimal(1) + 1.5),
    ("int digits", lambda: str(10 ** 5000)),
    ("ascii encode", lambda: "é".encode("ascii")),
    ("utf-8 decode", lambda: b"\xff".decode("utf-8")),
    ("tokenize", lambda: list(tokenize.generate_tokens(io.StringIO("s = 'open\n").readline))),
]
for name, check in checks:
    try:
        check()
    except Exception as e:
        print(f"{name}: {type(e).__name__}: {e}")
class NoArgs: pass
try:
    match NoArgs():
        case NoArgs(1): pass
except TypeError as e:
    print("match:", e)
class Plugin:
    def __init_subclass__(cls, **kw): super().__init_subclass__(**kw)
try:
    class Bad(Plugin, unknown=1): pass
except TypeError as e:
    print("init_subclass:", e)
