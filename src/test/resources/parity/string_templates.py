import string
t = string.Template("Hello $name, you owe $$${amount} by ${day}!")
print(t.substitute(name="Ann", amount="12.50", day="Friday"))
print(t.safe_substitute(name="Bob"))
try:
    t.substitute(name="x")
except KeyError as e:
    print("KeyError:", e)
try:
    string.Template("bad $ here").substitute()
except ValueError as e:
    print("ValueError:", e)
print(t.get_identifiers(), t.is_valid(), string.Template("$1").is_valid())
class Pct(string.Template):
    delimiter = "%"
print(Pct("100%% of %who").substitute(who="us"))
print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.punctuation), repr(string.whitespace), len(string.printable))
print(string.capwords("hello   wORLD  again"), string.capwords("a-b c-d", "-"))
f = string.Formatter()
print(f.format("{0}-{name}-{0!r}", "x", name=3), list(f.parse("a{b:>3}c{d!s}")))
print("{:>{w}.{p}f}|{:^8}|{!a}".format(3.14159, "mid", "é", w=10, p=2))
print("{0[key]} {1.real} {2[1]}".format({"key": "v"}, 3 + 4j, "ab"))
print("%-6s|%5.1f|%03d|%x|%o|%e|%r|%%|%c" % ("ab", 2.25, 7, 255, 8, 12345.678, "q", 65))
print("%(a)s and %(b)04d" % {"a": "A", "b": 9})
try:
    "%d" % "x"
except TypeError as e:
    print("TypeError:", e)
try:
    "{0} {1}".format(1)
except IndexError as e:
    print("IndexError:", e)
try:
    "{x}".format()
except KeyError as e:
    print("KeyError:", e)
print("{:08.3f} {:+d} {: d} {:#x} {:#o} {:#b} {:c}".format(-3.14159, 5, 5, 255, 8, 5, 9731))
