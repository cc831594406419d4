from decimal import Decimal as D, localcontext, getcontext, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_05UP, ROUND_UP, ROUND_HALF_DOWN, InvalidOperation, DivisionByZero, Inexact, Context
import decimal
for mode in [ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_HALF_DOWN, ROUND_DOWN, ROUND_UP, ROUND_CEILING, ROUND_FLOOR, ROUND_05UP]:
    print(mode, [str(D(v).quantize(D("0.1"), rounding=mode)) for v in ["2.25", "2.35", "-2.25", "2.01", "-2.09", "2.50"]])
with localcontext(prec=5) as ctx:
    print(D(1) / D(7), ctx.prec, D("123456.789") + 0, +D("1.234567"))
with localcontext(Context(prec=3, rounding=ROUND_DOWN)):
    print(D(2) / 3, D("9.999") * 1)
print(getcontext().prec, D(1) / D(7), D("1.10") + D("2.20"), D("1.1") * 3, D(0.1), D("1e3").normalize(), D("100").normalize(), D("1.500").normalize())
try:
    D(1) / D(0)
except DivisionByZero as e:
    print("DivisionByZero", type(e).__mro__[1].__name__)
try:
    D("abc")
except InvalidOperation as e:
    print("InvalidOperation")
try:
    D("1.23").quantize(D("1e-30"), context=Context(prec=5))
except InvalidOperation:
    print("quantize InvalidOperation")
ctx = Context(traps=[Inexact])
try:
    ctx.divide(D(1), D(3))
except Inexact:
    print("Inexact trapped")
ctx2 = Context(); ctx2.divide(D(1), D(3)); print(sorted(k.__name__ for k, v in ctx2.flags.items() if v))
print(D("12.345").as_tuple(), D("-0"), D("NaN").is_nan(), D("Infinity") > 10**100, D("1.2e5").to_eng_string(), D("0.000001"), D("1E-7"), D(123).scaleb(-2))
print(f"{D('1234.5678'):,.2f}", f"{D('0.5'):%}", f"{D('1e10'):e}", format(D("-0.0001"), ".2f"), round(D("2.5")), round(D("2.675"), 2), int(D("-3.9")), float(D("0.1")))
print(D("10").sqrt(), D("2").ln(), D(100).log10(), D("7") % D("-3"), D("-7") // D("2"), divmod(D("7.5"), 2), D(3).compare(D("3.0")), D("3.0") == 3, hash(D("3.0")) == hash(3))
print(D("1.23").quantize(D("1.000")), D("-1.5").copy_abs(), D("2").max(D("3")), D("1.00").adjusted(), D("123.45").rotate(1) if False else "", decimal.MAX_PREC > 0)
print(sum([D("0.1")] * 10), D("1.1") + 1, repr(D("1.10")), str(D("1E+2")), D(1.5).as_integer_ratio(), D.from_float(0.25))
try:
    D("1.1") + 1.5
except TypeError as e:
    print("TypeError")
