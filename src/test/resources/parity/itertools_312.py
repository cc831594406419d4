import itertools as it, operator
print(list(it.batched("abcdefg", 3)), list(it.batched([], 2)), list(it.pairwise("abcd")), list(it.pairwise([1])))
try:
    list(it.batched("ab", 0))
except ValueError as e:
    print("ValueError:", e)
print(list(it.accumulate([1, 2, 3], initial=100)), list(it.accumulate([3, 1, 4, 1, 5], max)), list(it.accumulate([1, 2, 3, 4], operator.mul)))
print(list(it.accumulate([], initial=0)), list(it.zip_longest("ab", "xyz", fillvalue="-")), list(it.compress("abcdef", [1, 0, 1, 0, 1])))
print(list(it.islice(it.count(10, 2.5), 3)), list(it.islice("abcdefg", 1, None, 2)), list(it.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(it.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
print([(k, len(list(g))) for k, g in it.groupby("aaabbcaa")], list(it.starmap(pow, [(2, 3), (3, 2)])), list(it.filterfalse(str.isdigit, "a1b2")))
print(list(it.combinations_with_replacement("ab", 2)), len(list(it.permutations(range(4), 2))), list(it.product("ab", repeat=2)))
a, b = it.tee(iter([1, 2, 3])); print(list(a), list(b), list(it.repeat("x", 3)), list(it.chain.from_iterable(["ab", "cd"])))
print(list(it.islice(it.cycle("ab"), 5)), next(it.count()), list(map(lambda p: "".join(p), it.permutations("abc"))))
try:
    list(it.islice("abc", -1))
except ValueError as e:
    print("ValueError")
print(list(zip("abc", range(5))), list(zip(*[(1, "a"), (2, "b")])))
try:
    list(zip("ab", "abc", strict=True))
except ValueError as e:
    print("ValueError:", e)
print(repr(it.count(5)), repr(it.repeat(1, 2)))
