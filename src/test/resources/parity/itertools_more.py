import itertools as it, operator
print(list(it.batched("ABCDEFG", 3)), list(it.pairwise([1, 2, 4, 7])), list(it.pairwise("a")))
try:
    list(it.batched("abc", 0))
except ValueError as e:
    print("ValueError:", e)
print(list(it.accumulate([1, 2, 3, 4], initial=100)), list(it.accumulate([3, 1, 4], max)), list(it.accumulate([2, 3], operator.mul)))
print([(k, list(g)) for k, g in it.groupby("aaabccaa")], [(k, len(list(g))) for k, g in it.groupby(sorted([3, 1, 3, 2, 1]))])
a, b = it.tee(iter([1, 2, 3])); print(next(a), list(b), list(a))
print(list(it.zip_longest("ab", [1, 2, 3], fillvalue="-")), list(it.product("ab", repeat=2)), list(it.product()))
print(list(it.combinations_with_replacement("abc", 2)), list(it.permutations(range(3), 2))[:4], list(it.combinations(range(4), 5)))
print(list(it.islice(it.count(10, 2.5), 3)), list(it.islice("abcdefg", 1, None, 3)), list(it.islice(it.cycle("xy"), 5)))
try:
    it.islice("abc", -1)
except ValueError as e:
    print("ValueError:", type(e).__name__)
print(list(it.starmap(pow, [(2, 3), (3, 2)])), list(it.chain.from_iterable(["ab", "cd"])), list(it.compress("abcdef", [1, 0, 1, 0, 1])))
print(list(it.dropwhile(lambda x: x < 3, [1, 4, 1])), list(it.takewhile(lambda x: x < 3, [1, 2, 4, 1])), list(it.filterfalse(None, [0, 1, "", "a"])))
print(list(it.repeat("r", 3)), list(map(pow, range(4), it.repeat(2))), next(it.count()), repr(it.count(1.5, 0.5)), repr(it.repeat(1, 2)))
g = it.groupby([1, 1, 2]); k1, g1 = next(g); k2, g2 = next(g); print(k1, list(g1), k2, list(g2))
print(sum(1 for _ in it.permutations(range(6))), len(list(it.product(range(3), repeat=3))))
print(list(zip(*it.tee("abc", 3))), list(it.accumulate("abc")), list(zip("ab", "cd", strict=True)))
try:
    list(zip("ab", "c", strict=True))
except ValueError as e:
    print("ValueError:", e)
