# A decimal context's flags and traps as programs read them: checking whether a conversion lost digits, listing
# what was signalled, printing the context.
import decimal
from decimal import Context, Decimal, Inexact, Rounded, localcontext

prices = ["19.99", "0.3333333", "120", "7.125"]
for text in prices:
    with localcontext(Context(prec=4)) as ctx:
        value = +Decimal(text)
        print(f"{text:>10} -> {value!s:<6} inexact={ctx.flags[Inexact]} rounded={ctx.flags[Rounded]}")

ctx = Context(prec=3)
ctx.divide(Decimal(10), Decimal(3))
print(ctx)
print(sorted(signal.__name__ for signal, raised in ctx.flags.items() if raised))
print([signal.__name__ for signal in ctx.flags])
print({signal.__name__: on for signal, on in ctx.traps.items()})
ctx.clear_flags()
print(ctx.flags[Inexact], any(ctx.flags.values()))

strict = Context(traps=[Inexact])
print(strict.traps[Inexact], strict.traps[decimal.Overflow], strict)
strict.traps[decimal.Overflow] = 1
print(strict.traps[decimal.Overflow])
try:
    strict.divide(Decimal(1), Decimal(3))
except Inexact as e:
    print("Inexact trapped:", type(e).__name__)
try:
    strict.flags["Inexact"] = True
except KeyError as e:
    print("KeyError:", e)

strict.clear_flags()
copy = strict.copy()
copy.flags[Rounded] = True
print(strict.flags[Rounded], copy.flags[Rounded])
print(decimal.getcontext())
print(decimal.BasicContext)
print(decimal.ExtendedContext.flags[Inexact], decimal.ExtendedContext.traps[decimal.DivisionByZero])
with localcontext() as ctx:
    print(Decimal(2).sqrt(), ctx.flags[Inexact], ctx.flags[decimal.InvalidOperation])
print(Decimal(1).exp(), decimal.getcontext().flags[Inexact])
