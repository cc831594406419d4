# help() and inspect on builtins, as agents look up a function they are unsure of: the signature and the text
# CPython has for them (GraalPy writes these in Java, mostly with neither).
import inspect
import math
import os
import pydoc

help(len)
help(sorted)
help(math.sqrt)
help(divmod)


class Text(str):
    pass


for f in (len, sorted, print, round, divmod, isinstance, abs, str.split, "a,b".split, Text("x").split, dict.get,
          dict.fromkeys, int.from_bytes, list.sort, str.join, bytes.decode, math.log2, math.isclose,
          os.getcwd, os.path.join, open):
    try:
        print(getattr(f, "__qualname__", f), inspect.signature(f))
    except ValueError as e:
        print("no signature:", e)
for f in (max, getattr, iter, math.log):
    try:
        inspect.signature(f)
    except ValueError:
        print(f.__name__, "has no signature, as in CPython")
for f in (str.split, dict.get, list.append, sorted, "".startswith, math.floor):
    print(repr(inspect.getdoc(f)))
print(pydoc.plain(pydoc.render_doc(max)))
print(pydoc.plain(pydoc.render_doc(str.strip, renderer=pydoc.plaintext)).splitlines()[-1])
