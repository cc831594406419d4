def averager():
    total = n = 0; avg = None
    while True:
        try:
            v = yield avg
        except ValueError as e:
            print("generator got", e); continue
        if v is None: break
        total += v; n += 1; avg = total / n
    return f"done after {n}"
g = averager(); next(g)
print(g.send(10), g.send(20), g.throw(ValueError("bad")), g.send(30))
try:
    g.send(None)
except StopIteration as e:
    print("StopIteration value:", e.value)
def closer():
    try:
        yield 1; yield 2
    except GeneratorExit:
        print("closing"); raise
    finally:
        print("finally")
c = closer(); print(next(c)); c.close(); print(c.gi_frame is None)
def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2
s = stubborn(); next(s)
try:
    s.close()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    g2 = averager(); g2.send(5)
except TypeError as e:
    print("TypeError:", e)
def inner():
    x = yield "i1"; print("inner got", x); return "inner-result"
def outer():
    r = yield from inner(); print("outer got", r); yield "o1"
o = outer(); print(next(o), o.send("hello"))
def bad():
    yield 1; raise StopIteration("x")
try:
    list(bad())
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)
def running():
    yield gen.send(None)
gen = running()
try:
    next(gen)
except ValueError as e:
    print("ValueError:", e)
import inspect
g3 = averager(); print(inspect.getgeneratorstate(g3)); next(g3); print(inspect.getgeneratorstate(g3)); g3.close(); print(inspect.getgeneratorstate(g3))
gx = (i * i for i in range(3)); print(next(gx), list(gx), list(gx))
def counter():
    n = 0
    while True:
        cmd = yield n
        n = 0 if cmd == "reset" else n + 1
ct = counter(); print([next(ct), next(ct), ct.send("reset"), next(ct)])
try:
    g4 = closer(); next(g4); g4.throw(KeyError("k"))
except KeyError as e:
    print("KeyError propagated", e)
