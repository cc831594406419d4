import pickle, enum, dataclasses, collections, functools, datetime, decimal, fractions
class Color(enum.Enum):
    RED = 1
class Perm(enum.IntFlag):
    R = 4
    W = 2
@dataclasses.dataclass(frozen=True)
class Pt:
    x: int
    y: int = 0
@dataclasses.dataclass(slots=True)
class SP:
    a: int
    b: list
NT = collections.namedtuple("NT", "a b")
def top(a, b=2): return a + b
objs = [Color.RED, Perm.R | Perm.W, Pt(1, 2), SP(1, [2]), NT(1, 2), functools.partial(top, 1), collections.OrderedDict(a=1),
        collections.Counter("aab"), collections.deque([1, 2], maxlen=3), collections.defaultdict(list, {"k": [1]}),
        datetime.datetime(2024, 1, 2, 3, 4, tzinfo=datetime.timezone.utc), decimal.Decimal("1.10"), fractions.Fraction(2, 6),
        {1, 2}, frozenset({3}), bytearray(b"ab"), range(1, 10, 2), slice(1, 2), complex(1, -1), Ellipsis, NotImplemented, top, len, Color]
for proto in (2, 3, 4, 5):
    back = [pickle.loads(pickle.dumps(o, protocol=proto)) for o in objs]
    print(proto, all(b == o or (isinstance(o, functools.partial) and b() == o()) for b, o in zip(back, objs)))
print([repr(pickle.loads(pickle.dumps(o))) for o in objs[:5] + objs[6:10]])
print(pickle.loads(pickle.dumps(Color.RED)) is Color.RED, pickle.loads(pickle.dumps(objs[-4])) is top)
class Weird:
    def __reduce_ex__(self, proto): return (str, (f"proto {proto}",))
print([pickle.loads(pickle.dumps(Weird(), protocol=p)) for p in range(6)])
print(pickle.dumps(Color.RED, protocol=4)[:40])
print(len(pickle.dumps(list(range(100)), protocol=5)), len(pickle.dumps("x" * 300, protocol=4)), pickle.dumps(Pt(1), protocol=2)[-12:])
import pickletools
out = pickletools.optimize(pickle.dumps([1, [2], "s"], protocol=2)); print(out)
