# sum() of floats as CPython 3.12 adds them, compensating each rounding: totals of prices and of tenths.
prices = [19.99, 5.01, 0.1, 3.35, 12.5]
print(sum([0.1] * 10), sum([0.1, 0.2, 0.3]), sum([1e100, 1.0, -1e100]), sum(prices), sum(prices, 0.5))
print(sum(x / 10 for x in range(1, 11)), sum([1, 2.5, True]), sum(range(10)), sum([[1], [2]], []))
print(sum([float("inf"), 1.0]), sum([1e308, 1e308]), sum([]), sum([], 0.0), sum((0.1, 0.7)), sum({0.1: 1, 0.2: 2}))
print(round(sum(p * 1.2 for p in prices) / len(prices), 2), sum([0.1] * 10) == 1.0)
