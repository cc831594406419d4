import sys, inspect
print(__name__, __spec__, sys.argv, type(__builtins__).__name__ in ("module", "dict"))
try:
    print(__file__)
except NameError as e:
    print("NameError:", e)
print(sys._getframe().f_code.co_filename, sys._getframe().f_code.co_name, sys._getframe().f_lineno)
def f(a, b=2, *args, c, **kw): "doc"
print(inspect.signature(f), f.__code__.co_filename, inspect.getmodule(f).__name__)
try:
    inspect.getsource(f)
except OSError as e:
    print("OSError:", e)
print(sys.flags.optimize, sys.flags.inspect, sys.flags.interactive)
