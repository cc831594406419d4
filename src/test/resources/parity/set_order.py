# Sets of numbers and tuples as they print and iterate.
print({3, 1, 2, 100, 33, 64, 17}, {-5, -1, 0, 7, 2 ** 40})
print(list({(2, 1), (1, 2), (0, 0)}), sorted({3, 1, 2}))
