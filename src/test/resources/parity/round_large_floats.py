# round() of a float past 2**53, which is already a whole number: the int it stands for.
for x in (2.0 ** 70, float(2 ** 64), 2 ** 63 + 0.0, 5.810448333736019e+19, 123456.5, 2.5):
    print(round(x), int(x))
# A negative number that rounds to zero keeps its sign in CPython.
print(round(-0.004, 2), round(-0.4, 0), round(-0.00049, 3))
