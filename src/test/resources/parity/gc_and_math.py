# Calls that tune CPython's collector, and math's 3.11 additions.
import gc
import math

print(gc.get_threshold())
gc.set_threshold(10_000, 50)
print(gc.get_threshold())
gc.freeze()
gc.unfreeze()
print(gc.get_freeze_count(), gc.garbage, len(gc.get_stats()), sorted(gc.get_stats()[0]))
print(math.isclose(math.cbrt(27), 3), math.cbrt(-8), math.cbrt(0.0), math.cbrt(-0.0), math.cbrt(float("inf")), math.cbrt(1000))
print(math.exp2(10), math.exp2(-1), math.exp2(0.5), math.exp2(float("-inf")))
try:
    math.exp2(5000)
except OverflowError as e:
    print("OverflowError", e)
try:
    math.cbrt("8")
except TypeError as e:
    print("TypeError", e)
