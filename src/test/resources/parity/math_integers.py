import math
print(math.isqrt(10**30 + 5), math.isqrt(99), math.comb(52, 5), math.perm(10, 3), math.perm(5), math.comb(5, 7))
print(math.prod([1, 2, 3, 4]), math.prod([], start=5), math.prod([0.5, 4]), math.factorial(25), math.gcd(12, 18, 27), math.lcm(4, 6, 10), math.gcd())
print(math.fsum([0.1] * 10), math.fsum([1e100, 1.0, -1e100]), math.dist((0, 0), (3, 4)), math.dist([1, 2, 3], [4, 6, 8]), math.hypot(3, 4, 12))
print(math.nextafter(1.0, 2.0), math.nextafter(1.0, 0.0), math.ulp(1.0), math.ulp(1e300))
print(math.copysign(3, -0.0), math.remainder(10, 3), math.fmod(-10, 3), math.modf(-3.5), math.frexp(12.0), math.ldexp(0.75, 4))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1, 1.1, rel_tol=0.2), math.isclose(0, 1e-12, abs_tol=1e-9), math.isfinite(math.inf), math.isnan(math.nan))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), round(2.5), round(3.5), round(-0.5), round(2.675, 2), round(1234, -2))
print(math.log(8, 2), math.log2(1024), math.log10(1000), math.log1p(0), math.exp(0), math.sqrt(2), math.pi, math.e, math.tau, math.inf, -math.inf)
print(math.degrees(math.pi), math.radians(180), math.gamma(5), math.lgamma(1), math.sumprod([1, 2], [3, 4]) if hasattr(math, "sumprod") else "3.12 sumprod")
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.isqrt(-1), lambda: math.factorial(-1), lambda: math.factorial(2.0), lambda: math.comb(-1, 2), lambda: math.exp(1000)]:
    try:
        bad()
    except (ValueError, TypeError, OverflowError) as e:
        print(type(e).__name__)
print(divmod(-7, 2), divmod(7, -2), -7 // 2, -7 % 2, pow(3, -1, 7), pow(2, 100, 10**9 + 7), (255).bit_length(), (255).bit_count(), (-5).bit_length())
print((1024).to_bytes(2, "big"), int.from_bytes(b"\xff\xfe", "little", signed=True), (-1).to_bytes(2, "big", signed=True), (5).as_integer_ratio(), (0.75).as_integer_ratio())
print(int("ff", 16), int("0b101", 0), int("1_000"), int(" 42 "), int("z", 36), oct(8), bin(-5), hex(-255), format(255, "08b"))
try:
    int("12a")
except ValueError as e:
    print("ValueError:", e)
try:
    (256).to_bytes(1, "big")
except OverflowError as e:
    print("OverflowError:", e)
