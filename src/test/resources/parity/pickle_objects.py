import pickle, copy
from dataclasses import dataclass
from collections import OrderedDict, namedtuple
class Node:
    def __init__(self, value, children=()):
        self.value, self.children = value, list(children)
    def __repr__(self):
        return f"Node({self.value!r}, {self.children!r})"
@dataclass
class Rec:
    a: int
    b: str
Pt = namedtuple("Pt", "x y")
tree = Node(1, [Node(2), Node(3, [Node(4)])])
for obj in [tree, Rec(1, "x"), Pt(1, 2), OrderedDict(a=1), {1, 2}, (1, [2, 3]), b"bytes", 10**30, None]:
    for proto in (0, 2, pickle.HIGHEST_PROTOCOL):
        assert repr(pickle.loads(pickle.dumps(obj, protocol=proto))) == repr(obj), (obj, proto)
    print(repr(pickle.loads(pickle.dumps(obj))))
shared = [1]
again = pickle.loads(pickle.dumps([shared, shared]))
print(again[0] is again[1], copy.deepcopy(tree).children[1].children, pickle.HIGHEST_PROTOCOL)
print(pickle.dumps([1, "a"], protocol=2))
