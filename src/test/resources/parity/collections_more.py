from collections import ChainMap, OrderedDict, deque, namedtuple, defaultdict, UserDict, Counter
defaults = {"color": "red", "user": "guest"}; env = {"user": "admin"}; cli = {}
cm = ChainMap(cli, env, defaults)
print(cm["user"], cm["color"], len(cm), sorted(cm), cm.maps[0] is cli)
cm["new"] = 1; print(cli, cm.parents, cm.new_child({"x": 9})["x"])
try:
    del cm["color"]
except KeyError as e:
    print("KeyError:", e)
print(repr(ChainMap({"a": 1}, {"b": 2})), dict(ChainMap({"a": 1}, {"a": 2, "b": 3})))
od = OrderedDict.fromkeys("abcde")
od.move_to_end("b"); od.move_to_end("e", last=False); print(list(od), od.popitem(), od.popitem(last=False))
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == {"b": 2, "a": 1}, repr(OrderedDict(x=1)))
dq = deque(range(6), maxlen=4); print(dq, dq.maxlen)
dq.rotate(1); print(dq); dq.rotate(-2); print(dq); dq.appendleft(-1); print(dq); dq.extend([7, 8]); print(dq)
print(dq.index(7), dq.count(8), dq[1], dq.pop(), dq.popleft(), list(reversed(dq)), repr(deque()))
try:
    deque().pop()
except IndexError as e:
    print("IndexError:", e)
Emp = namedtuple("Emp", "name dept salary", defaults=["eng", 100])
e = Emp("ann"); print(e, e._replace(salary=200), e._asdict(), Emp._field_defaults, Emp._make(["b", "c", 1]))
try:
    Emp()
except TypeError as ex:
    print("TypeError:", ex)
try:
    namedtuple("Bad", "def x")
except ValueError as ex:
    print("ValueError:", ex)
R = namedtuple("R", "a def a", rename=True); print(R._fields)
try:
    e._replace(nope=1)
except (ValueError, TypeError) as ex:
    print(type(ex).__name__, ex)
dd = defaultdict(list); dd["x"].append(1); print(dd, repr(defaultdict(int)), dd.default_factory)
class Lower(UserDict):
    def __setitem__(self, k, v): super().__setitem__(k.lower(), v)
u = Lower(A=1); u["B"] = 2; print(u, "a" in u)
c = Counter("mississippi"); print(c.most_common(2), c.total(), sorted((c - Counter("sss")).items()), +Counter(a=-1, b=2))
print(Counter(a=3) <= Counter(a=5), Counter("abc") | Counter("bcd"), Counter("ab") & Counter("bc"))
