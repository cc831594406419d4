import textwrap
s = "The quick brown fox jumps over the lazy dog and keeps running far away"
print(textwrap.shorten(s, 30), "|", textwrap.shorten(s, 30, placeholder=" ..."), "|", textwrap.shorten("  a   b  ", 10))
try:
    textwrap.shorten(s, 3)
except ValueError as e:
    print("ValueError:", e)
print(textwrap.indent("a\n\nb\n", "> "))
print(textwrap.indent("a\n\nb\n", "+ ", lambda line: True))
print(textwrap.dedent("""\
    def f():
        return 1
      # odd
    """))
w = textwrap.TextWrapper(width=20, initial_indent="* ", subsequent_indent="  ", max_lines=3, placeholder=" [+]")
print(w.fill(s))
print(textwrap.wrap("supercalifragilisticexpialidocious word", 10))
print(textwrap.wrap("supercalifragilisticexpialidocious word", 10, break_long_words=False))
print(textwrap.wrap("well-known self-evident truths", 12), textwrap.wrap("well-known self-evident", 12, break_on_hyphens=False))
print(textwrap.fill("tab\there and\tthere", 15, tabsize=4), textwrap.wrap("", 5))
print(textwrap.wrap("Sentence one.  Sentence two. end", 40, fix_sentence_endings=True))
