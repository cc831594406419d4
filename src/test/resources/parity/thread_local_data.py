import threading
class Ctx(threading.local):
    def __init__(self, base):
        self.base = base
        self.items = []
ctx = Ctx(10)
ctx.items.append("main")
seen = {}
def run(name):
    ctx.items.append(name)
    seen[name] = (ctx.base, list(ctx.items))
ts = [threading.Thread(target=run, args=(n,)) for n in ("a", "b")]
for t in ts: t.start()
for t in ts: t.join()
print(sorted(seen.items()), ctx.items)
plain = threading.local()
def probe(out):
    out.append(hasattr(plain, "x"))
    plain.x = 2
plain.x = 1
out = []
t = threading.Thread(target=probe, args=(out,)); t.start(); t.join()
print(out, plain.x, sorted(vars(plain)))
try:
    Ctx()
except TypeError as e:
    print("TypeError:", e)
class Slotted(threading.local):
    __slots__ = ("a",)
try:
    threading.local(1)
except TypeError as e:
    print("TypeError:", e)
