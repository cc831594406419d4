import datetime
name, width, prec, v = "pi", 12, 3, 3.14159265
print(f"{name=}", f"{v = :.2f}", f"{name!r:>10}", f"{v:{width}.{prec}f}|", f"{'nested ' + f'{v:.1f}'}")
items = {"a": 1, "b": [1, 2]}
print(f"{items['a']}", f"{items["b"][1]}", f"{len(items):03}", f"{{literal}}", f"{3 + 4 = }", f"{name.upper()!s:*^9}")
d = datetime.datetime(2024, 3, 5, 14, 7, 9)
print(f"{d:%Y-%m-%d %H:%M}", f"{d=!s}", f"{d:%A %d %B}", f"{d.date()!r}")
x = 1234567.891
print(f"{x:,}", f"{x:_.2f}", f"{x:,.0f}", f"{x:e}", f"{x:.2E}", f"{x:g}", f"{0.0000123:g}", f"{x:%}", f"{0.256:.1%}", f"{12:n}")
print(f"{1234567:_}", f"{1234567:,d}", f"{255:_x}", f"{2**20:_b}", f"{-42:+08d}", f"{42:<+6}|", f"{-0.0:.1f}", f"{5:#06x}")
print(f"{'abc':.2}", f"{'x':>4}", f"{'x':^5}", f"{True}", f"{True:d}", f"{None!r}", f"{3.0:}", f"{'tab':\t>5}" if False else "")
vals = [1.5, 22.25, 333.125]
print("\n".join(f"{i:>2}. {v:>8.2f}" for i, v in enumerate(vals, 1)))
print(f"""{
    sum(vals)
    :.3f}""", f"{'a' 'b'}", f"{'''q'''}", f"{(lambda: 7)()!r}")
try:
    f"{'s':d}"
except ValueError as e:
    print("ValueError:", e)
try:
    f"{3.5:x}"
except ValueError as e:
    print("ValueError:", e)
try:
    format(object(), "d")
except TypeError as e:
    print("TypeError:", e)
class Money:
    def __format__(self, spec): return f"${spec or 'plain'}"
print(f"{Money():0.2f}", f"{Money()}", format(Money(), "x"))
print(f"{'€':~^7}", f"{12.0:=+10.2f}", f"{-12:=10}", f"{1e6:.0e}", f"{float('nan'):>6}", f"{float('-inf'):<6}|")
