from collections import Counter, defaultdict, deque, OrderedDict, ChainMap, namedtuple
import functools, heapq, bisect
words = "the cat and the hat and the bat".split()
c = Counter(words)
print(c.most_common(2), c["the"], sorted((c + Counter(["cat"])).items()))
dd = defaultdict(list)
for w in words:
    dd[len(w)].append(w)
print(dict(dd))
dq = deque(range(5), maxlen=5)
dq.append(5); dq.rotate(2); dq.appendleft(-1)
print(dq)
od = OrderedDict(a=1, b=2, c=3); od.move_to_end("a")
print(od, list(ChainMap({"x": 1}, {"x": 2, "y": 3}).items()))
@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), fib.cache_info())
print(functools.reduce(lambda a, b: a * b, range(1, 6)), functools.partial(int, base=2)("1010"))
h = [5, 1, 8, 3, 2]
heapq.heapify(h)
print(heapq.nsmallest(3, h), heapq.heappop(h), heapq.nlargest(2, [4, 9, 2]), list(heapq.merge([1, 4], [2, 3])))
xs = [1, 3, 3, 7]
print(bisect.bisect_left(xs, 3), bisect.bisect_right(xs, 3), bisect.insort(xs, 5) or xs)
@functools.total_ordering
class V:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
print(V(1) <= V(2), V(3) >= V(2), sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
