# Sorting readings where a missing one is NaN, and where rounding left a negative zero.
readings = [12.5, float("nan"), 3.25, 8.0, float("nan"), 1.5, 20.75, 0.5, 9.0, float("nan"), 4.0, 7.5]
print(sorted(readings))
print(sorted(readings, reverse=True)[:4])
changes = [0.0, -0.0, 1.5, -0.0, 0.0]
print(sorted(changes), sorted([0.0, -0.0]))
