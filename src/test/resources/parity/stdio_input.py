import sys
print("prompted:", end=" ")
name = input("Name? ")
age = int(input())
print(f"hello {name}, next year {age + 1}")
rest = sys.stdin.read().splitlines()
print(rest)
try:
    input()
except EOFError as e:
    print("EOFError:", repr(str(e)))
print("a", "b", "c", sep="-", end="!\n")
print(*[1, 2, 3], sep=", ")
print("no newline", end="")
print()
print("flushed", flush=True)
print(sep="x")
print("x", "y", sep=None, end=None)
sys.stdout.write("direct write\n")
print(file=sys.stdout)
try:
    print("x", sep=5)
except TypeError as e:
    print("TypeError:", e)
print(repr(sys.stdin.readline()), sys.stdin.closed)
