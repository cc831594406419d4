import unicodedata
s = "Crème Brûlée — naïve café"
print(len(s), s.upper(), s.casefold())
print(unicodedata.normalize("NFD", "é") == "e\u0301", len(unicodedata.normalize("NFD", s)))
print("".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c)))
print(unicodedata.name("€"), unicodedata.category("A"), unicodedata.numeric("½"))
print(s.encode("utf-8")[:12], s.encode("latin-1", errors="replace")[:20])
print("ß".upper(), "ǅ".lower(), "İ".lower().encode("unicode_escape"))
print(b"\xff\xfe".decode("utf-8", errors="backslashreplace"), "😀".encode("utf-16-le"))
print(ascii("naïve 😀"), "abc".encode("idna"), "bücher.example".encode("idna"))
