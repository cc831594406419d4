# Numbers formatted for the locale: CPython starts in the C locale (no thousands separator) until a program calls
# setlocale; the `n` format and localeconv follow it.
import locale

print(format(1234567, "n"), format(1234567.25, "n"), f"{1234567:n}")
conventions = locale.localeconv()
print(repr(conventions["thousands_sep"]), conventions["grouping"], repr(conventions["currency_symbol"]))
print(locale.format_string("%d", 1234567, grouping=True))
