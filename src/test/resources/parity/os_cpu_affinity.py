# Sizing a worker pool the Linux way: the processors this process may run on.
import os
from concurrent.futures import ThreadPoolExecutor

cpus = os.sched_getaffinity(0)
print(type(cpus).__name__, len(cpus) >= 1, cpus == os.sched_getaffinity(os.getpid()))
print(all(isinstance(c, int) and c >= 0 for c in cpus), len(cpus) <= (os.cpu_count() or 1))
workers = min(4, len(cpus))
with ThreadPoolExecutor(max_workers=workers) as pool:
    print(sorted(pool.map(lambda n: n * n, range(6))))
try:
    os.sched_getaffinity(999_999_999)
except ProcessLookupError as e:
    print(type(e).__name__, e.errno, e.strerror)
try:
    os.sched_getaffinity("0")
except TypeError as e:
    print("TypeError")
