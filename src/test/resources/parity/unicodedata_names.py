import unicodedata as ud
for ch in "aÅ1½€ 😀ǅ\u0301中ß":
    print(repr(ch), ud.name(ch, "?"), ud.category(ch), ud.bidirectional(ch), ud.decimal(ch, None), ud.numeric(ch, None), ud.mirrored(ch), ud.decomposition(ch))
for form in ("NFC", "NFD", "NFKC", "NFKD"):
    v = ud.normalize(form, "Åﬁ①ｶﾞé")
    print(form, [hex(ord(c)) for c in v], ud.is_normalized(form, "Åé"))
print(ud.lookup("SNOWMAN"), ud.lookup("LATIN SMALL LETTER E WITH ACUTE"))
try:
    ud.lookup("NO SUCH THING")
except KeyError as e:
    print("KeyError:", e)
try:
    ud.name("\x00")
except ValueError as e:
    print("ValueError:", e)
def strip_accents(s):
    return "".join(c for c in ud.normalize("NFD", s) if ud.category(c) != "Mn")
print(strip_accents("Crème Brûlée à Zürich"))
print("ß".casefold(), "ǅ".lower(), "ǅ".upper(), "ǅ".title(), "ﬁ".upper(), "İ".lower(), len("İ".lower()))
print("Straße".casefold() == "STRASSE".casefold(), "ΣΑΣ".lower(), "𝔘".isalpha(), "²".isdigit(), "²".isdecimal(), "Ⅳ".isnumeric())
print(ud.digit("9"), ud.digit("٣"), int("٣٤"), float("１.５"), ud.east_asian_width("中"), ud.combining("\u0301"))
print([ud.decomposition(c) for c in "ﬁ①ｶ²ǅ\u0344Ωé"], ud.decomposition("a") == "")
for bad in (1, "ab", None):
    try:
        ud.decomposition(bad)
    except TypeError as e:
        print("TypeError:", e)
