import datetime, re, time

D = datetime.datetime
cases = [
    ("2026-12-04", "%Y-%m-%d"), ("2026-1-2", "%Y-%m-%d"), ("2026-12- 4", "%Y-%m-%d"),
    ("2026-12-04 18:30:05", "%Y-%m-%d %H:%M:%S"), ("2026-12-04   18:30", "%Y-%m-%d %H:%M"),
    ("2026-12-04\t7:5:9", "%Y-%m-%d %H:%M:%S"), ("04/12/2026", "%d/%m/%Y"), ("12.04.2026 23h", "%m.%d.%Y %Hh"),
    ("2026-12-04t18:30:05", "%Y-%m-%dT%H:%M:%S"), ("100% 2026-12-04", "100%% %Y-%m-%d"), ("20261204", "%Y%m%d"),
    ("2024-02-29", "%Y-%m-%d"), ("٢٠٢٦-١٢-٠٤", "%Y-%m-%d"), ("2026-12-04 18:30:05", "%Y-%m-%d %H:%M:%S"),
    # Refused, each with the standard path's error.
    ("2025-02-29", "%Y-%m-%d"), ("2026-13-01", "%Y-%m-%d"), ("2026-12-04 18:30:60", "%Y-%m-%d %H:%M:%S"),
    ("0000-01-01", "%Y-%m-%d"), ("2026-12-04x", "%Y-%m-%d"), ("2026/12/04", "%Y-%m-%d"),
    ("2026-12-04", "%Y-%m-%d-%d"), ("2026-12-04", "%Y-%m-%Q"), ("12-04", "%m-%d"), ("", "%Y-%m-%d"),
    # Other directives and defaults: the standard path, as before.
    ("Dec 04 2026", "%b %d %Y"), ("2026-12-04 06:30 PM", "%Y-%m-%d %I:%M %p"), ("2026-12-04 18:30:05.25", "%Y-%m-%d %H:%M:%S.%f"),
    ("2026-12-04T18:30:05+0100", "%Y-%m-%dT%H:%M:%S%z"), ("02-29", "%m-%d"), ("2026 338", "%Y %j"),
]
for text, fmt in cases:
    try:
        value = D.strptime(text, fmt)
        print(repr(text), repr(fmt), repr(value), type(value).__name__)
    except (ValueError, TypeError) as e:
        print(repr(text), repr(fmt), type(e).__name__, e)
    except re.error:
        print(repr(text), repr(fmt), "re.error")

for bad in ((b"2026-12-04", "%Y-%m-%d"), ("2026-12-04", b"%Y-%m-%d"), (None, "%Y")):
    try:
        D.strptime(*bad)
    except TypeError:
        print("TypeError")  # GraalPy words it its own way


class Stamp(datetime.datetime):
    pass


s = Stamp.strptime("2026-12-04 18:30", "%Y-%m-%d %H:%M")
print(type(s).__name__, s, isinstance(s, D))
print(time.strptime("2026-12-04", "%Y-%m-%d")[:7])
parsed = [D.strptime(f"2026-{m:02d}-{d:02d} {h}:{m}:{d}", "%Y-%m-%d %H:%M:%S") for m in range(1, 13) for d in (1, 15, 28)
          for h in (0, 9, 23)]
print(len(parsed), min(parsed), max(parsed), sum(p.toordinal() for p in parsed))
