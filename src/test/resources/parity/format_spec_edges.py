from decimal import Decimal
from fractions import Fraction
print(f"{1234567:,}", f"{1234567:_}", f"{0xdeadbeef:_x}", f"{255:#b}", f"{255:#o}", f"{255:#X}", f"{-42:=+8}", f"{42:^+9}")
print(f"{3.14159:.2%}", f"{1e-7:g}", f"{1e16:g}", f"{123456789.0:e}", f"{0.1:.20f}", f"{2.5:.0f}", f"{3.5:.0f}", f"{-0.0:g}")
print(f"{'abc':*^9}", f"{'abc':.2}", f"{'x':>{5}}", f"{3.14159:{'.'}{3}}", "{:{w}.{p}f}".format(2.71828, w=10, p=2))
print("{0!r} {0!s} {0!a}".format("é\n"), "{!r:>8}".format("a"), f"{'x'!r:^7}")
x = 5; name = "val"; print(f"{x=}", f"{x = }", f"{x*2=:>5}", f"{name=!s}")
print(format(Decimal("1234.5678"), ",.2f"), format(Decimal("1.5"), ".0f"), format(Decimal("2.5"), ".0f"), format(Decimal("-0"), "f"), format(Decimal("1e10"), "g"), format(Decimal("0.000001"), "%"))
print(format(Fraction(1, 3), ".5f") if hasattr(Fraction, "__format__") else "", f"{Fraction(7, 2)}")
print("%s %r %a %c %c %5.1f %-5d| %05d %+d %x %X %o %e %%" % ("s", "r", "ä", 65, "z", 3.14159, 42, 42, 5, 255, 255, 8, 12345.678))
print("%(a)s-%(b)03d" % {"a": "x", "b": 7}, "%*d|%-*d|" % (5, 1, 4, 2), "%.*f" % (2, 3.14159), "%#x %#o" % (255, 8))
for bad in [("%d", "x"), ("%s %s", ("a",)), ("%z", 1), ("%(k)s", 1)]:
    try:
        bad[0] % bad[1]
    except (TypeError, ValueError, KeyError) as e:
        print(type(e).__name__, e)
class D(dict):
    def __missing__(self, k): return f"<{k}>"
print("{a} {b}".format_map(D(a=1)), "{0[1]} {1.real} {2[k]}".format([9, 8], 3j, {"k": "v"}))
try:
    "{} {1}".format(1, 2)
except ValueError as e:
    print("ValueError")
try:
    format(1, "s")
except ValueError as e:
    print("ValueError:", e)
try:
    f"{'a':d}"
except ValueError as e:
    print("ValueError:", e)
print(f"{True:d}", f"{True}", f"{None!s:>6}", format(1.0, ""), format(1e100, ".3"), f"{12345.6789:.3g}", f"{1.0:n}", f"{10**20:e}")
print(f"{'{'}{{}}{'}'}", f"{{x}}", "{{{}}}".format(1), f"{[1, 2]!s:>10}", f"{ {'a': 1}['a'] }")
print(f"{1e-5}", f"{1e16}", f"{123.0}", repr(1e22), repr(0.1 + 0.2), str(1/3), f"{2**64:,}", f"{-1234.5:,.1f}", f"{1234.5:010,.1f}")
print(f"{65:c}", f"{'€':c}" if False else "", f"{0.5:.0%}", f"{-7:x}", f"{-7:#b}", f"{3:+.2e}", f"{float('nan'):f}", f"{float('-inf'):e}")
