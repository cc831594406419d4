import builtins
names = dir(builtins)
print(len([n for n in names if n[0].islower() and not n.startswith("_")]))
print([n for n in names if n[0].islower() and not n.startswith("_")])
print(sorted(n for n in names if n.endswith(("Error", "Warning")))[:60])
print([n for n in dir([]) if not n.startswith("_")], [n for n in dir("") if not n.startswith("_")])
print([n for n in dir({}) if not n.startswith("_")], [n for n in dir(set()) if not n.startswith("_")], [n for n in dir(1) if not n.startswith("_")])
print([n for n in dir(b"") if not n.startswith("_")], [n for n in dir(1.0) if not n.startswith("_")], [n for n in dir(()) if not n.startswith("_")])
class K:
    x = 1
    def m(self): pass
print([n for n in dir(K()) if not n.startswith("__")], len(dir(object)), dir(object)[:5])
print(vars(K)["x"], type(vars(K)).__name__, callable(help), help.__class__.__name__, repr(help)[:40])
import io, contextlib
def documented(a, b=2):
    """Add things.

    More text here.
    """
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    help(documented)
print(buf.getvalue())
print(abs.__name__, abs.__qualname__, abs.__module__, type(abs).__name__, type(len).__name__, type([].append).__name__, repr(print)[:30])
print(isinstance(print, type(len)), type(K.m).__name__, type(K().m).__name__, type({}.keys()).__name__)
print(type(range(1)).__name__, type(zip()).__name__, type(map(str, [])).__name__, type(enumerate([])).__name__, type(x for x in ()).__name__, type(NotImplemented).__name__, type(...).__name__)
