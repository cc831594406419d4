import contextlib, io, os, sys
order = []
with contextlib.ExitStack() as stack:
    stack.callback(order.append, "cb1")
    @stack.callback
    def cb2(): order.append("cb2")
    stack.enter_context(contextlib.nullcontext())
    stack.push(lambda *exc: order.append(("push", exc[0])) or False)
print(order)
try:
    with contextlib.ExitStack() as stack:
        stack.push(lambda et, ev, tb: order.append(("saw", et.__name__)) or True)
        raise ValueError("suppressed by stack")
    print("suppressed", order[-1])
except ValueError:
    print("not suppressed")
with contextlib.ExitStack() as outer:
    moved = outer.pop_all()
    moved.callback(print, "pop_all: runs at close")
moved.close()
with contextlib.suppress(KeyError, IndexError):
    [][1]
print("after suppress")
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    print("captured"); help_ = None
print(repr(buf.getvalue()))
@contextlib.contextmanager
def managed(tag):
    print("enter", tag)
    try:
        yield tag
    except ZeroDivisionError as e:
        print("handled in generator:", e)
    finally:
        print("exit", tag)
with managed("a") as m:
    1 / 0
print("continues")
try:
    with managed("b"):
        raise KeyError("x")
except KeyError as e:
    print("propagated", e)
@contextlib.contextmanager
def no_yield():
    if False: yield
try:
    with no_yield(): pass
except RuntimeError as e:
    print("RuntimeError:", e)
@contextlib.contextmanager
def two_yields():
    yield 1; yield 2
try:
    with two_yields(): pass
except RuntimeError as e:
    print("RuntimeError:", e)
os.makedirs("ctx_dir", exist_ok=True)
start = os.getcwd()
with contextlib.chdir("ctx_dir"):
    print(os.path.basename(os.getcwd()))
print(os.getcwd() == start); os.rmdir("ctx_dir")
class Res:
    def close(self): print("closed")
with contextlib.closing(Res()): pass
@managed("decorator")
def decorated(): print("body")
decorated() if hasattr(managed("x"), "__call__") else print("not a decorator")
class CD(contextlib.ContextDecorator):
    def __enter__(self): print("cd enter"); return self
    def __exit__(self, *e): print("cd exit"); return False
@CD()
def fn(): print("fn body")
fn()
with contextlib.nullcontext(5) as v: print(v)
err = io.StringIO()
with contextlib.redirect_stderr(err): print("to err", file=sys.stderr)
print(repr(err.getvalue()))
