# Float format specs that GraalPy's formatter (Java) reads otherwise: '#' without a type, a precision of 1 without a
# type for zero, and zero padding with grouping for an infinity or a NaN.
print(f"{1.0:#}|{2.5:#8}|{0.1:#}")
print(f"{0.0:.1}|{-0.0:.1}")
print(f"{float('inf'):08,.1f}|{float('nan'):08_}")
