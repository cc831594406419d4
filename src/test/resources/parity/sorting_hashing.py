records = [("bob", 25, "NY"), ("ann", 31, "LA"), ("cid", 25, "LA"), ("dee", 31, "NY"), ("eve", 25, "NY")]
by_age = sorted(records, key=lambda r: r[1]); print([r[0] for r in by_age])
by_city_then_age = sorted(sorted(records, key=lambda r: r[1]), key=lambda r: r[2]); print([r[0] for r in by_city_then_age])
print([r[0] for r in sorted(records, key=lambda r: (-r[1], r[0]))], [r[0] for r in sorted(records, key=lambda r: r[1], reverse=True)])
l = [3, 1, 2]; l.sort(reverse=True); print(l, sorted("bca"), sorted({"b": 1, "a": 2}), sorted([1.5, 1, True, 0.5]))
try:
    sorted([1, "a"])
except TypeError as e:
    print("TypeError:", e)
print(sorted([[2, "b"], [1, "z"], [2, "a"]]), sorted([(1, None), (0, None)]), max([], default="none"), min([3, 1, 2], key=lambda x: -x))
for v in [0, 1, -1, -2, 2**61 - 1, 2**61, 2**64, 1.0, 1.5, -0.0, float("inf"), True, None is None, 3 + 0j, 1j]:
    print(repr(v), hash(v))
print(hash((1, 2)) == hash((1, 2)), hash(frozenset({1, 2, 3})) == hash(frozenset({3, 2, 1})), hash(1) == hash(1.0) == hash(True))
try:
    hash([1])
except TypeError as e:
    print("TypeError:", e)
try:
    hash(({},))
except TypeError as e:
    print("TypeError:", e)
print(hash(float("nan")) == hash(float("nan")), hash(10**20), hash(-10**20), hash(0.1), hash(1e300), hash(2.5))
