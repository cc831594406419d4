import cmath, math
z = complex(3, 4)
print(abs(z), z.conjugate(), z.real, z.imag, cmath.phase(z), cmath.polar(z), cmath.rect(2, math.pi / 2))
print(cmath.sqrt(-1), cmath.sqrt(-4 + 0j), cmath.exp(1j * math.pi), cmath.log(-1), cmath.isclose(cmath.exp(1j * math.pi), -1))
print(repr(1j), repr(-0j), repr(complex(1, -0.0)), complex("1+2j"), complex(" 3-4.5j "), complex("j"), 1j ** 2, (1 + 2j) * (3 - 1j), (1 + 1j) / (1 - 1j))
print(format(1.5 + 2.25j, ".2f"), f"{z:>20}", f"{z:^20.1f}", str(complex(1e20, 1e-5)), complex(math.inf, math.nan))
try:
    complex("1 + 2j")
except ValueError as e:
    print("ValueError:", e)
try:
    (1j) < (2j)
except TypeError as e:
    print("TypeError:", e)
print(cmath.isinf(complex(math.inf, 0)), cmath.isnan(complex(0, math.nan)), cmath.inf, cmath.infj, cmath.nanj)
print(pow(1j, 2), (-8) ** (1 / 3), (2 + 0j) ** 0.5, hash(3 + 0j) == hash(3), hash(1j))
