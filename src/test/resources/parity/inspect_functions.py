import inspect
def greet(name: str, greeting: str = "Hello", *args, punct="!", **kw) -> str:
    """Say hello."""
    return f"{greeting}, {name}{punct}"
sig = inspect.signature(greet)
print(sig, sig.return_annotation, list(sig.parameters))
for p in sig.parameters.values():
    print(p.name, p.kind.name, p.default is p.empty, p.annotation)
b = sig.bind("Ann", punct="?"); b.apply_defaults(); print(b.arguments, b.args, b.kwargs)
try:
    sig.bind()
except TypeError as e:
    print("TypeError:", e)
print(inspect.getdoc(greet), inspect.isfunction(greet), inspect.isbuiltin(len), inspect.ismethod(greet), inspect.isclass(int))
try:
    print(inspect.getsource(greet))
except OSError as e:
    print("OSError:", e)
class K:
    def m(self, x, /, y, *, z): pass
    @staticmethod
    def s(): pass
    @classmethod
    def c(cls): pass
    @property
    def p(self): return 1
print(inspect.signature(K.m), inspect.signature(K().m), inspect.signature(K.c))
print(sorted(n for n, _ in inspect.getmembers(K, inspect.isfunction)), inspect.getmro(bool))
print(inspect.signature(lambda a, b=2: 0))
print(inspect.getfullargspec(greet))
async def co(): pass
def gen(): yield
print(inspect.iscoroutinefunction(co), inspect.isgeneratorfunction(gen), inspect.isasyncgenfunction(gen), inspect.isabstract(K))
print(inspect.Parameter("x", inspect.Parameter.KEYWORD_ONLY, default=3), inspect.Signature([inspect.Parameter("a", inspect.Parameter.POSITIONAL_ONLY)]))
frame = inspect.currentframe(); print(frame.f_code.co_name, inspect.getmodule(greet).__name__, greet.__module__)
print(inspect.cleandoc("""
    First
      indented
    last"""))
def outer():
    return inspect.stack()[0].function, inspect.stack()[1].function
print(outer())
print(inspect.unwrap(greet) is greet, inspect.getattr_static(K, "p").__class__.__name__, inspect.get_annotations(greet))
