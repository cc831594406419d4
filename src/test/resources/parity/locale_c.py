# A program starts in the C locale, LC_CTYPE from LANG, as CPython does; a minimal Linux image has only the C
# locales, so another name is refused rather than taken, and numbers format without grouping.
import locale

print(locale.setlocale(locale.LC_ALL))
print(locale.setlocale(locale.LC_NUMERIC), locale.getlocale(), locale.getlocale(locale.LC_NUMERIC))
print(f"{-2.5:n}|{-1234.5:n}|{1234567:n}|{-0.5:n}|{2.5:>8n}|{7:=^7n}", format(-1234.5, "n"), "{:n}".format(10**6))
for name in ("de_DE.UTF-8", "no_SUCH.locale", "c", "en_US"):
    try:
        locale.setlocale(locale.LC_ALL, name)
    except locale.Error as e:
        print(name, type(e).__name__, e, isinstance(e, ValueError))
old = locale.setlocale(locale.LC_ALL)
print(locale.setlocale(locale.LC_ALL, ""), locale.setlocale(locale.LC_ALL, "POSIX"), locale.setlocale(locale.LC_TIME))
print(locale.setlocale(locale.LC_ALL, old) == old, locale.setlocale(locale.LC_NUMERIC, "C.UTF-8"))
print(locale.atof("3.5"), locale.atoi("1234"), locale.str(1234.5), locale.format_string("%.2f", 1234567.891, grouping=True))
print(locale.currency(12.5, symbol=False) if locale.localeconv()["frac_digits"] != 127 else "no currency")
print(locale.localeconv())
print(locale.strcoll("a", "B"), locale.strcoll("B", "a"), locale.strcoll("x", "x"), sorted(["b", "B", "a", "é"], key=locale.strxfrm))
try:
    format(1234, ",n")
except ValueError as e:
    print(e)
