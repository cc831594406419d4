from collections import OrderedDict, ChainMap, defaultdict, Counter, deque, namedtuple, UserDict, UserList, UserString
od = OrderedDict.fromkeys("abcde")
od.move_to_end("b"); od.move_to_end("e", last=False); print(list(od), od.popitem(), od.popitem(last=False), repr(OrderedDict(a=1)))
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == dict(b=2, a=1), list(reversed(od)))
base = {"color": "red", "size": 1}; override = {"color": "blue"}
cm = ChainMap(override, base); print(cm["color"], cm["size"], len(cm), sorted(cm), cm.maps == [override, base])
child = cm.new_child({"size": 99}); child["x"] = 1; print(child["size"], child.maps[0], child.parents["size"], repr(ChainMap({1: 2})))
del cm["color"]; print(cm["color"])
try:
    del cm["size"]
except KeyError as e:
    print("KeyError:", e)
dd = defaultdict(list); dd["a"].append(1); print(dd, repr(defaultdict(int)), dd.default_factory, dd.get("zz"), "zz" in dd)
try:
    defaultdict(None)["missing"]
except KeyError as e:
    print("KeyError:", e)
c = Counter("abracadabra"); d = Counter(a=1, z=3)
print(c.most_common(3), c + d, c - d, c & d, c | d, -d, +Counter(a=-1, b=2), c.total())
print(sorted(c.elements())[:6], Counter(a=2) <= Counter(a=3, b=1), Counter("aab") == Counter("aba"), repr(Counter()))
c.subtract({"a": 10}); print(c["a"], c["missing"], c.most_common()[-1])
dq = deque(range(5), maxlen=5); dq.rotate(2); print(dq); dq.append(9); print(dq, dq.maxlen); dq.rotate(-1); print(dq)
dq.appendleft(-1); dq.extendleft([7, 8]); print(dq, dq.index(7), dq.count(9), dq[2])
try:
    deque().pop()
except IndexError as e:
    print("IndexError:", e)
Point = namedtuple("Point", "x y z", defaults=[0])
p = Point(1, 2); print(p, p._replace(x=5), p._asdict(), Point._field_defaults, Point._make([4, 5, 6]), p._fields)
try:
    namedtuple("Bad", ["def", "x"])
except ValueError as e:
    print("ValueError:", e)
print(namedtuple("R", "a def", rename=True)._fields, namedtuple("M", "a", module="mod").__module__)
class UD(UserDict):
    def __setitem__(self, k, v): super().__setitem__(k.lower(), v)
u = UD(A=1); u["B"] = 2; print(u, u.data, isinstance(u, dict))
print(UserList([3, 1, 2]) + [0], sorted(UserList([3, 1])), UserString("abc").upper(), UserString("x") * 3)
print(Counter({"a": 3, "b": 3, "c": 1}).most_common(2), list(Counter("zzyyx")), dict(Counter("hello")))
