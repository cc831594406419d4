import operator as op
rows = [{"n": "b", "a": 2}, {"n": "a", "a": 2}, {"n": "c", "a": 1}]
print(sorted(rows, key=op.itemgetter("a", "n")))
print(op.itemgetter(1)([5, 6]), op.itemgetter(0, -1)("hello"), op.itemgetter(slice(1, 3))("abcd"))
class P:
    def __init__(self, n, c): self.name = n; self.city = type("C", (), {"zip": c})()
    def greet(self, g, punct="!"): return f"{g} {self.name}{punct}"
ps = [P("x", 3), P("y", 1)]
print([p.name for p in sorted(ps, key=op.attrgetter("city.zip"))], op.attrgetter("name", "city.zip")(ps[0]))
print(op.methodcaller("greet", "hi", punct="?")(ps[0]), op.methodcaller("upper")("abc"))
print(repr(op.itemgetter(1, 2)), repr(op.attrgetter("a.b")), repr(op.methodcaller("f", 1, k=2)))
print(op.add(1, 2), op.mul("a", 3), op.truediv(7, 2), op.floordiv(-7, 2), op.mod(-7, 2), op.pow(2, 10), op.neg(5))
print(op.concat([1], [2]), op.contains("abc", "b"), op.countOf([1, 1, 2], 1), op.indexOf("abc", "c"))
print(op.eq(1, 1.0), op.is_(None, None), op.not_(0), op.truth([]), op.lt("a", "b"), op.index(7), op.length_hint(iter(range(4))))
d = {"a": 1}; op.setitem(d, "b", 2); op.delitem(d, "a"); print(d, op.getitem(d, "b"))
x = [1]; x = op.iadd(x, [2]); print(x, op.and_(6, 3), op.or_(6, 3), op.xor(6, 3), op.lshift(1, 4), op.inv(5))
try:
    op.itemgetter("z")({})
except KeyError as e:
    print("KeyError:", e)
try:
    op.attrgetter("nope")(1)
except AttributeError as e:
    print("AttributeError:", e)
print(op.matmul.__name__, op.call(len, "abc"))
