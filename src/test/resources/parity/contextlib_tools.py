import contextlib, io, sys
@contextlib.contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    finally:
        print(f"</{name}>")
with tag("a") as t:
    print("inside", t)
try:
    with tag("b"):
        raise ValueError("boom")
except ValueError as e:
    print("caught", e)
@contextlib.contextmanager
def no_yield():
    if False:
        yield
try:
    with no_yield(): pass
except RuntimeError as e:
    print("RuntimeError:", e)
@contextlib.contextmanager
def two_yields():
    yield 1
    yield 2
try:
    with two_yields(): pass
except RuntimeError as e:
    print("RuntimeError:", e)
with contextlib.suppress(KeyError, ZeroDivisionError):
    {}["x"]
print("after suppress")
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    print("hidden", 42)
print(repr(buf.getvalue()))
err = io.StringIO()
with contextlib.redirect_stderr(err):
    print("to err", file=sys.stderr)
print(repr(err.getvalue()))
with contextlib.ExitStack() as stack:
    names = [stack.enter_context(tag(n)) for n in "xyz"]
    stack.callback(print, "callback ran")
    print(names)
with contextlib.ExitStack() as stack:
    stack.enter_context(tag("keep"))
    moved = stack.pop_all()
print("stack closed")
moved.close()
class Res:
    def __enter__(self): print("enter"); return self
    def __exit__(self, *exc): print("exit", exc[0].__name__ if exc[0] else None); return True
with Res():
    raise OSError("swallowed")
print(contextlib.nullcontext(5).__enter__())
with contextlib.closing(io.StringIO("x")) as s:
    print(s.read())
print(s.closed)
@contextlib.contextmanager
def wrap():
    try:
        yield
    except ZeroDivisionError as e:
        raise ValueError("wrapped") from e
try:
    with wrap():
        1 / 0
except ValueError as e:
    print(type(e.__cause__).__name__, e)
class CM(contextlib.ContextDecorator):
    def __enter__(self): print("deco enter"); return self
    def __exit__(self, *a): print("deco exit"); return False
@CM()
def work(): print("working")
work()
try:
    with contextlib.ExitStack() as st:
        st.callback(lambda: print("cleanup 1"))
        st.callback(lambda: 1 / 0)
        raise KeyError("first")
except ZeroDivisionError as e:
    print("outer", type(e).__name__, type(e.__context__).__name__)
