import textwrap
text = "The quick brown fox jumps over the lazy dog. Supercalifragilisticexpialidocious-word and a well-known hyphenated-term here."
print(textwrap.wrap(text, 20))
print(textwrap.wrap(text, 20, break_long_words=False))
print(textwrap.wrap(text, 20, break_on_hyphens=False))
print(textwrap.fill(text, 30, initial_indent="* ", subsequent_indent="  "))
print(textwrap.fill(text, 25, max_lines=3, placeholder=" [...]"))
print(textwrap.shorten(text, 40), "|", textwrap.shorten("  a   b  ", 10), "|", textwrap.shorten("Hello world", 5, placeholder=".."))
try:
    textwrap.shorten("x" * 30, 3)
except ValueError as e:
    print("ValueError:", e)
print(repr(textwrap.dedent("   a\n\t b\n")), repr(textwrap.dedent("    x\n  \n      y\n")), repr(textwrap.dedent("  a\n   \n  b")))
print(repr(textwrap.indent("a\n\nb\n", "> ")), repr(textwrap.indent("a\n\nb", "+ ", lambda l: True)))
print(textwrap.wrap("tab\there\tand\tthere", 12), textwrap.wrap("tab\there", 12, expand_tabs=False, tabsize=2), textwrap.wrap("a\tb", tabsize=4))
w = textwrap.TextWrapper(width=15, fix_sentence_endings=True, drop_whitespace=False, replace_whitespace=False)
print(w.wrap("Hi there. How are you?  Fine.\nNew line"))
print(textwrap.wrap("", 10), textwrap.wrap("   ", 10), textwrap.fill("word " * 3, 4))
try:
    textwrap.wrap("abc", 0)
except ValueError as e:
    print("ValueError:", e)
print(textwrap.wrap("short", 10, max_lines=1, placeholder="..."), textwrap.wrap("a b c d e f g", 5, max_lines=2))
print(textwrap.wrap("üñíçødé wörds ärë fïné hérë", 10))
