import re
text = "Straße café naïve ÉCOLE 東京 İstanbul"
print(re.findall(r"\w+", text))
print(re.findall(r"(?i)école", text))
print(re.sub(r"[^\x00-\x7f]", "?", text))
print(bool(re.fullmatch(r"[\w\s]+", text)))
print(re.escape("a.b*c?"), re.compile(r"(a)(b)?").match("a").groups())
print(re.sub(r"(\w+)@(\w+)\.com", r"\2 at \1", "joe@example.com, ann@test.com"))
print([m.start() for m in re.finditer(r"", "abc")])
print(re.search(r"(?x) \d+ # digits", "ab 123 cd").group())
try:
    re.compile("(unclosed")
except re.error as e:
    print("re.error:", e.msg, e.pos)
