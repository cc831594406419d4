from decimal import Decimal, ROUND_HALF_UP, ROUND_HALF_EVEN, getcontext, localcontext, InvalidOperation
prices = [Decimal("19.99"), Decimal("5.01"), Decimal("0.10")]
subtotal = sum(prices)
tax = (subtotal * Decimal("0.0825")).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
print(subtotal, tax, subtotal + tax)
print(Decimal("2.675").quantize(Decimal("0.01"), ROUND_HALF_EVEN), Decimal(1) / Decimal(7))
with localcontext() as ctx:
    ctx.prec = 50
    print(Decimal(2).sqrt())
print(Decimal("1e3").normalize(), Decimal("-0"), Decimal("1.20") == Decimal("1.2"), Decimal(0.1))
try:
    Decimal("abc")
except InvalidOperation as e:
    print("InvalidOperation", type(e).__mro__[1].__name__)
print(getcontext().prec, Decimal("10").as_tuple(), Decimal("3.14159").to_integral_value(), round(Decimal("2.5")))
