import warnings, sys
def showwarning(message, category, filename, lineno, file=None, line=None):
    print(f"WARN {category.__name__}: {message}")
warnings.showwarning = showwarning
warnings.warn("plain")
warnings.warn("dep", DeprecationWarning)
warnings.simplefilter("always")
warnings.warn("dep now shown", DeprecationWarning)
warnings.warn("same", UserWarning); warnings.warn("same", UserWarning)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("recorded", RuntimeWarning)
    warnings.warn(FutureWarning("as instance"))
    print([(x.category.__name__, str(x.message)) for x in w])
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("now an error")
    except UserWarning as e:
        print("raised", type(e).__name__, e)
warnings.filterwarnings("ignore", message="skip.*")
warnings.warn("skip me"); warnings.warn("keep me")
print(warnings.formatwarning("msg", UserWarning, "file.py", 10, "line()"), end="")
class MyWarning(UserWarning): pass
warnings.warn("custom", MyWarning)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("default")
    for _ in range(3): warnings.warn("once per location", UserWarning)
    print(len(w))
import io
buf = io.StringIO()
warnings.showwarning = warnings._showwarning_orig if hasattr(warnings, "_showwarning_orig") else warnings.showwarning
def to_buf(message, category, filename, lineno, file=None, line=None):
    buf.write(warnings.formatwarning(message, category, "prog.py", 1, ""))
warnings.showwarning = to_buf
warnings.warn("to buffer")
print(buf.getvalue(), end="")
import logging
logging.captureWarnings(True)
logging.basicConfig(stream=sys.stdout, format="%(name)s|%(levelname)s|%(message)s")
warnings.warn("via logging")
