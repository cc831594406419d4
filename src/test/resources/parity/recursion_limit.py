# A recursion limit lowered to catch runaway recursion early.
import sys


def depth(n):
    return n if n == 0 else 1 + depth(n - 1)


sys.setrecursionlimit(100)
try:
    print("depth", depth(500))
except RecursionError as e:
    print("RecursionError:", e)
