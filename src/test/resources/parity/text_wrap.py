import textwrap, string
para = ("The quick brown fox jumps over the lazy dog. " * 4).strip()
print(textwrap.fill(para, width=30))
print(textwrap.shorten(para, width=40, placeholder=" [...]"))
print(textwrap.indent("a\nb\n\nc", "> "))
print(textwrap.dedent("""
    def f():
        return 1
"""))
t = string.Template("$who likes ${what}!")
print(t.substitute(who="tim", what="kung pao"), t.safe_substitute(who="x"))
print(string.capwords("hello   wORLD  foo"), string.ascii_letters[:5], string.punctuation)
