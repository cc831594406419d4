import traceback, sys
def level3(): return {}["missing"]
def level2(): return level3()
def level1():
    try:
        level2()
    except KeyError as e:
        raise ValueError("wrapped") from e
try:
    level1()
except ValueError:
    text = traceback.format_exc()
    print(text.replace(", line", "@line"))
try:
    level1()
except ValueError:
    traceback.print_exc(file=sys.stdout, limit=1)
try:
    level1()
except ValueError as e:
    te = traceback.TracebackException.from_exception(e)
    print("".join(te.format_exception_only()), te.exc_type.__name__, te.__cause__.exc_type.__name__, len(te.stack))
    print([f.name for f in traceback.extract_tb(e.__traceback__)], [f.name for f in traceback.extract_tb(e.__cause__.__traceback__)])
    print(traceback.format_exception_only(type(e), e), traceback.format_exception(e, chain=False)[-1])
try:
    try:
        1 / 0
    except ZeroDivisionError:
        undefined_name
except NameError as e:
    lines = traceback.format_exception(e)
    print("".join(lines))
e = ValueError("noted"); e.add_note("first note"); e.add_note("second")
print("".join(traceback.format_exception(e)))
try:
    raise OSError(2, "No such file", "x.txt")
except OSError as e:
    print(traceback.format_exception_only(e))
print(traceback.format_list([("file.py", 3, "fn", "x = 1")]))
def f(): return traceback.extract_stack(limit=2)
st = f(); print([(fs.name, fs.line) for fs in st])
try:
    eval("1 +* 2")
except SyntaxError as e:
    print("".join(traceback.format_exception_only(e)))
class Custom(Exception):
    def __str__(self): return "custom text"
print(traceback.format_exception_only(Custom()), traceback.format_exception_only(KeyError("k")), traceback.format_exception_only(Exception()))
try:
    raise ExceptionGroup("many", [ValueError("a"), TypeError("b")])
except ExceptionGroup as eg:
    print(traceback.format_exception(eg)[-1:], str(eg), repr(eg))
