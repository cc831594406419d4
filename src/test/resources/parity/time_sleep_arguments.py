# time.sleep takes ints, bools and floats alike, and refuses what CPython refuses (the sandbox sleeps in float steps:
# GraalPy overslept whole seconds by about a second). A zero sleep returns at once: GraalPy's slept until the clock's
# next whole second, so each of these crossed one (CPython's cross one in about 100,000).
import time

for seconds in (0, False, 0.0, 1e-3):
    time.sleep(seconds)
crossed = 0
for seconds in (0, False) * 3:
    before = int(time.time())
    time.sleep(seconds)
    crossed += int(time.time()) > before
print("zero sleeps that waited for the next second:", "none" if crossed < 2 else "most")
for bad in ("1", None, [1]):
    try:
        time.sleep(bad)
    except TypeError:
        print("TypeError for", type(bad).__name__)
for negative in (-1, -0.5, float("nan")):
    try:
        time.sleep(negative)
    except ValueError:
        print("ValueError for", negative)
print(time.sleep.__name__, time.sleep.__module__)
