import string
t = string.Template("$who likes ${what}s; $$5 costs $price")
print(t.substitute(who="tim", what="kung pao", price=5), t.safe_substitute(who="x"), t.get_identifiers(), t.is_valid())
try:
    t.substitute(who="a")
except KeyError as e:
    print("KeyError:", e)
try:
    string.Template("bad $ sign").substitute()
except ValueError as e:
    print("ValueError:", e)
class Pct(string.Template):
    delimiter = "%"
    idpattern = r"[a-z]+"
print(Pct("%name is %{age}y").substitute(name="ann", age=3))
class Up(string.Formatter):
    def format_field(self, value, spec):
        if spec == "up": return str(value).upper()
        return super().format_field(value, spec)
    def get_value(self, key, args, kwargs):
        if isinstance(key, str) and key not in kwargs: return f"?{key}?"
        return super().get_value(key, args, kwargs)
f = Up(); print(f.format("{0:up} {name:>5} {missing} {0!r}", "abc", name="n"))
print(list(string.Formatter().parse("a{0}b{x!r:>3}c{{d}}")), string.Formatter().vformat("{0}-{k}", (1,), {"k": 2}))
print(string.ascii_letters[:5], string.digits, string.hexdigits, string.punctuation[:10], repr(string.whitespace), string.capwords("hello   big world"))
print("{:>{}}".format("x", 4), "{0:{1}{2}}".format(3.14159, ".", "2f"), "{a.b}".format(a=type("A", (), {"b": 5})), "{[0]}".format("xy"))
print("Hello %s, you are %d" % ("Bob", 30), "%-10s|" % "left", "%10.3s|" % "truncate")
print("{:,d}".format(10**9), "{:.3}".format("abcdef"), "{:=^20}".format(" title "), "{:<5}|{:^5}|{:>5}".format(1, 2, 3))
print("a\tb".expandtabs(4), "x".center(6, "-"), "7".zfill(3), "-7".zfill(4), "+7".zfill(4), "abc".ljust(2), "42".rjust(5, "0"))
