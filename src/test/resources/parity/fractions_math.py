from fractions import Fraction
import math, cmath
f = Fraction(3, 4) + Fraction(1, 6)
print(f, float(f), Fraction("0.125"), Fraction(1.1).limit_denominator(100), f.as_integer_ratio())
print(math.gcd(84, 36), math.lcm(4, 6), math.comb(10, 3), math.perm(5, 2), math.factorial(20))
print(math.isclose(0.1 + 0.2, 0.3), math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.5), math.sqrt(2), math.hypot(3, 4), math.log(1000, 10))
print(math.isqrt(10**20 + 1), 2**100, divmod(-7, 2), -7 // 2, -7 % 2, pow(3, -1, 7))
print(cmath.sqrt(-4), complex(1, 2) * complex(3, -1), abs(3 + 4j), math.inf > 1e308, math.nan == math.nan)
print(math.degrees(math.pi), round(math.sin(math.pi / 6), 10), math.atan2(1, 1), math.e)
