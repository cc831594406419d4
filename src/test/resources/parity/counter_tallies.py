# Counter over lists, strings and generators, a subclass with its own item assignment, and an update cut short by
# an unhashable element: what was counted before it stays.
from collections import Counter, OrderedDict
import collections
words = "the quick brown fox jumps over the lazy dog the end".split()
c = Counter(words)
print(c.most_common(3), list(c)[:4], c["the"], c["nope"])
c.update(words)
print(c["the"], len(c))
c2 = Counter("mississippi")
print(sorted(c2.items()), list(c2))
c3 = Counter(x for x in words if len(x) > 3)
print(c3)
class Tally(Counter):
    def __setitem__(self, k, v):
        super().__setitem__(k.upper(), v)
print(sorted(Tally(["a", "b", "a"]).items()))
d = {}
collections._count_elements(d, ["x", "y", "x"])
print(d)
bad = Counter()
try:
    bad.update(["ok", "ok", ["unhashable"], "later"])
except TypeError as e:
    print("TypeError", sorted(bad.items()))
print(Counter(()), Counter(""), Counter([1, 1.0, True]))
