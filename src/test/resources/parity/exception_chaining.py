import errno
def show(e):
    print(type(e).__name__, repr(e), str(e), e.args, type(e.__cause__).__name__, type(e.__context__).__name__, e.__suppress_context__, getattr(e, "__notes__", None))
try:
    try:
        {}["k"]
    except KeyError as k:
        raise RuntimeError("cause") from k
except RuntimeError as e:
    show(e)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("during")
except ValueError as e:
    show(e)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("no ctx") from None
except ValueError as e:
    show(e)
e = TypeError("noted"); e.add_note("hint 1"); e.add_note("hint 2"); show(e)
try:
    e.add_note(5)
except TypeError as x:
    print("TypeError:", x)
for exc in [KeyError("key"), KeyError("it's"), KeyError(1), KeyError(), KeyError("a", "b"), IndexError("list index out of range"),
            OSError(errno.ENOENT, "No such file or directory", "missing.txt"), OSError(13, "Permission denied"), OSError("just text"),
            FileNotFoundError(2, "nope", "a", None, "b"), UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"),
            StopIteration(5), SystemExit(3), ValueError(), Exception("a", 2), AttributeError("x", name="n", obj=1), NameError("y", name="y")]:
    print(type(exc).__name__, repr(exc), "|", str(exc), "|", exc.args)
o = OSError(errno.ENOENT, "No such file or directory", "missing.txt")
print(type(o).__name__, o.errno, o.strerror, o.filename, o.filename2, isinstance(o, FileNotFoundError))
try:
    open("definitely/not/here.txt")
except FileNotFoundError as fe:
    print(fe.errno, fe.strerror, fe.filename, str(fe))
try:
    open("nonexistent-file-xyz.txt")
except OSError as fe:
    print(type(fe).__name__, str(fe))
print(issubclass(ConnectionRefusedError, ConnectionError), issubclass(TimeoutError, OSError), IOError is OSError, EnvironmentError is OSError)
print(OSError(errno.EEXIST, "exists").__class__.__name__, OSError(errno.EACCES, "x").__class__.__name__, OSError(errno.EISDIR, "x").__class__.__name__)
print([c.__name__ for c in KeyError.__mro__], BaseExceptionGroup.__mro__[1].__name__)
class AppError(Exception):
    def __init__(self, code, msg):
        super().__init__(msg); self.code = code
a = AppError(404, "not found"); print(repr(a), str(a), a.args, a.code)
try:
    raise AppError(1, "x") from ValueError("root")
except AppError as ae:
    print(repr(ae.__cause__), ae.__traceback__ is not None, ae.with_traceback(None).__traceback__)
print(repr(StopIteration()), repr(KeyboardInterrupt()), str(KeyError("")), repr(BaseException("a")), repr(ExceptionGroup("g", [ValueError(1)])))
