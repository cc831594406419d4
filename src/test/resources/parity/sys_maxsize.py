# sys.maxsize as "infinity": the smallest of numbers larger than 2**31 (sizes in bytes, times in milliseconds).
import math
import sys

sizes = [3_000_000_000, 5_500_000_000, 2_600_000_000]
smallest = sys.maxsize
for size in sizes:
    if size < smallest:
        smallest = size
print(smallest, min(sizes), sys.maxsize == 2**63 - 1)
smallest = math.inf
for size in sizes:
    smallest = min(smallest, size)
print(smallest)
