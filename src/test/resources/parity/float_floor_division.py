# Floor division of floats, as code that bins values by a step writes it: CPython floors the exact quotient.
print(7.0 // 0.1, divmod(7.0, 0.1), 1.0 // 0.1, 20.0 // 0.2, -72.8 // 0.7, 7.0 % 0.1)
print([v // 0.5 for v in (0.3, 1.4, 2.5)], 7 // 2, -7 // 2.0)
