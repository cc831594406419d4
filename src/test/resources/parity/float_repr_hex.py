import math, sys
for x in [0.1, 1/3, 1e16, 1e22, 1.5e-7, 123456789012345678.0, 2.5e-323, 1e-320, 1.7976931348623157e308, -0.0, 100.0, 1e-4, 1e-5, 0.0001234]:
    print(repr(x), str(x), x.hex(), f"{x:g}", f"{x:.3e}", f"{x:r}" if False else "")
print(float.fromhex("0x1.8p1"), float.fromhex("-0x1.8p-1030"), float.fromhex("0x1.fffffffffffffp+1023"), float.fromhex(" 0XAp0 "))
try:
    float.fromhex("0x1p5000")
except OverflowError as e:
    print("OverflowError:", e)
print(float("inf"), float("-Infinity"), float("nan"), float(" 1_000.5 "), float("1e500"), float("-1e-500"))
try:
    float("1,5")
except ValueError as e:
    print("ValueError:", e)
print((0.1).as_integer_ratio(), (2.5).is_integer(), float(10 ** 16 + 1), 1e16 + 1, 0.1 + 0.2, 1.1 * 3, 3 * 0.1 == 0.3)
print(sys.float_info.max, sys.float_info.epsilon, sys.float_info.dig, sys.float_info.mant_dig, sys.float_repr_style)
print(round(0.5), round(1.5), round(2.675, 2), round(-1.5), round(1e300, -299), round(0.125, 2), round(0.375, 2))
print(int(-3.9), int(3.999999999999999999), math.floor(1e20), float.hex(1.0), (1.0).hex(), 1.0.__repr__())
print(f"{1e100:f}"[:20], f"{0.000001:f}", f"{123.456:.0f}", f"{2.5:.0f}", f"{3.5:.0f}", f"{1e-7:.2g}", f"{12345678:.3g}", f"{0.5:.0%}")
print(7.0 / 2, 7 / 2, 2 ** -1, 2.0 ** 0.5, (-8.0) ** 2, 10 / 3, 4.35 * 100, 1.23456789e-5)
