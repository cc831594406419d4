import warnings, sys
def showwarning(message, category, filename, lineno, file=None, line=None):
    print("WARN", category.__name__, message)
warnings.showwarning = showwarning
def old():
    warnings.warn("old() is deprecated", DeprecationWarning, stacklevel=2)
old()
warnings.warn("user warning")
for i in range(3):
    warnings.warn("in loop")
warnings.simplefilter("always")
for i in range(2):
    warnings.warn("in loop always")
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("recorded", UserWarning)
    warnings.warn(RuntimeWarning("instance"))
    old()
    print([(type(x.message).__name__, str(x.message), x.category.__name__) for x in w])
    print(w[0].filename == w[1].filename, w[0].lineno < w[1].lineno)
with warnings.catch_warnings():
    warnings.simplefilter("error", category=UserWarning)
    try:
        warnings.warn("as error")
    except UserWarning as e:
        print("raised:", e)
    warnings.warn("other category", FutureWarning)
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="skip.*")
    warnings.warn("skip me"); warnings.warn("keep me")
with warnings.catch_warnings(action="ignore"):
    warnings.warn("ignored by action")
print(warnings.formatwarning("msg", UserWarning, "file.py", 10, "line text"))
print(warnings.formatwarning("msg", UserWarning, "file.py", 10).strip())
warnings.resetwarnings()
warnings.simplefilter("once")
for _ in range(3): warnings.warn("once only", Warning)
warnings.warn_explicit("explicit", SyntaxWarning, "mod.py", 42)
try:
    warnings.simplefilter("bogus")
except AssertionError as e:
    print("AssertionError", e)
class MyWarning(UserWarning): pass
warnings.simplefilter("default")
warnings.warn("custom", MyWarning)
print(sys.warnoptions, [f[0] for f in warnings.filters[:2]])
