import traceback, sys
def parse(s):
    return int(s)
def load(s):
    try:
        return parse(s)
    except ValueError as e:
        raise RuntimeError(f"cannot load {s!r}") from e
def handler():
    try:
        load("abc")
    except RuntimeError:
        raise KeyError("during handling")
try:
    handler()
except KeyError as e:
    exc = e
print("".join(traceback.format_exception(exc)))
print("".join(traceback.format_exception(exc, limit=1)))
print("".join(traceback.format_exception(exc, chain=False)))
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("suppressed context") from None
except ValueError as e:
    print("".join(traceback.format_exception(e)), e.__suppress_context__, type(e.__context__).__name__)
traceback.print_exception(exc, file=sys.stdout, limit=-1)
te = traceback.TracebackException.from_exception(exc)
print([line for line in te.format(chain=True)][:1], list(te.format_exception_only()))
try:
    raise ExceptionGroup("many", [ValueError("one"), ExceptionGroup("inner", [TypeError("two")])])
except ExceptionGroup as eg:
    print("".join(traceback.format_exception(eg)))
def deep(n):
    if n == 0:
        raise IndexError("bottom")
    deep(n - 1)
try:
    deep(3)
except IndexError as e:
    print("".join(traceback.format_tb(e.__traceback__)))
    print([(f.f_code.co_name, n) for f, n in traceback.walk_tb(e.__traceback__)])
    summary = traceback.extract_tb(e.__traceback__); print(summary[-1].name, summary[-1].line, len(summary))
err = ValueError("with note"); err.add_note("hint: check input")
print(traceback.format_exception_only(err))
