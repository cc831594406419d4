# re.LOCALE with a str pattern, alone and with IGNORECASE (GraalPy's engine failed the run past every except on the
# latter), in flags and inline, with syntax errors first, and bytes patterns, where it is allowed.
import re
for pat, flags in [('a', re.I | re.L), ('a', 12345678), ('a', -1), ('(', re.I | re.L), ('[', -1), ('a', re.L), (b'a', re.I | re.L), ('(?i)a', re.L), ('a', re.I)]:
    try:
        print(repr(pat), flags, re.compile(pat, flags))
    except BaseException as e:
        print(repr(pat), flags, type(e).__name__, e)
print(re.match(b'A', b'a', re.I | re.L))
for f in (re.match, re.search, re.fullmatch, re.findall):
    try:
        print(f('a', 'A', re.I | re.L))
    except ValueError as e:
        print(f.__name__, e)
