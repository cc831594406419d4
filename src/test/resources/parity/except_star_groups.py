def show(eg, depth=0):
    print("  " * depth + f"{type(eg).__name__}({eg.args[0]!r})" if isinstance(eg, BaseExceptionGroup) else "  " * depth + repr(eg))
    if isinstance(eg, BaseExceptionGroup):
        for e in eg.exceptions: show(e, depth + 1)
eg = ExceptionGroup("top", [ValueError(1), ExceptionGroup("sub", [TypeError(2), ValueError(3)]), KeyError(4)])
try:
    raise eg
except* ValueError as g:
    print("values:"); show(g)
except* (TypeError, KeyError) as g:
    print("others:"); show(g)
try:
    try:
        raise ExceptionGroup("e", [ValueError("a"), OSError("b")])
    except* ValueError:
        print("handled ValueError part")
except ExceptionGroup as rest:
    print("unhandled rest:"); show(rest)
try:
    try:
        raise ValueError("naked")
    except* ValueError as g:
        print("naked wrapped:", repr(g.message), g.exceptions)
        raise
except ExceptionGroup as g:
    print("re-raised as", type(g).__name__, repr(g.message))
try:
    try:
        raise ExceptionGroup("x", [ValueError("v")])
    except* ValueError:
        raise KeyError("from handler")
except (ExceptionGroup, KeyError) as g:
    show(g); print(type(g.__context__).__name__)
show(eg.subgroup(lambda e: isinstance(e, ValueError)))
m, r = eg.split((KeyError, TypeError)); show(m); show(r)
class MyEG(ExceptionGroup):
    def derive(self, excs):
        return MyEG(self.message + "!", excs)
m, r = MyEG("mine", [ValueError(1), TypeError(2)]).split(ValueError)
print(type(m).__name__, m.message, r.message)
try:
    ExceptionGroup("bad", [])
except ValueError as e:
    print("ValueError:", e)
try:
    ExceptionGroup("bad", [KeyboardInterrupt()])
except TypeError as e:
    print("TypeError:", e)
print(type(BaseExceptionGroup("b", [ValueError()])).__name__, type(BaseExceptionGroup("b", [KeyboardInterrupt()])).__name__)
try:
    try:
        raise ExceptionGroup("g", [ValueError()])
    except* ValueError:
        pass
    print("fully handled, no raise")
except Exception as e:
    print("unexpected", e)
