rows = [("apple", 1.5, 10), ("banana", 0.25, 150), ("cherry", 12.0, 3)]
print(f"{'name':<10}|{'price':>8}|{'qty':^5}|")
for n, p, q in rows:
    print(f"{n:<10}|{p:>8.2f}|{q:^5d}|")
print("{:,}".format(1234567.891), f"{0.5:%}", f"{255:#x} {255:08b} {-3:+d}")
print(f"{3.14159:.3e}", f"{12345678:_}", f"{'x':*^9}", format(1e-7, "g"), repr(1.1 + 2.2))
print("%s has %d items costing %.2f" % ("cart", 3, 9.999), "%-5s|%5s|" % ("a", "b"))
print(str(1/3), round(2.675, 2), round(0.5), round(1.5), f"{1e16:.0f}", 2**0.5)
print("Hello".center(11, "-"), "x".zfill(4), "Title Case Words".swapcase(), "a,b,,c".split(","))
