# time.mktime as agents use it for calendar arithmetic: fields out of range are normalized as C does (the start of
# next month from December, day 0 as the last of the previous month), in UTC and in a zone with DST, and what is
# not a 9-tuple is refused with a TypeError. zlib refuses a compression level out of range with a ValueError.
import time, os, zlib
cases = [(2024, 1, 1, 0, 0, 0, 0, 1, -1), (2024, 13, 1, 0, 0, 0, 0, 0, -1), (2024, 0, 1, 0, 0, 0, 0, 0, -1),
         (2024, 2, 30, 0, 0, 0, 0, 0, -1), (2023, 12, 32, 25, 61, 61, 0, 0, 0), (2024, 3, 0, -1, 0, 0, 0, 0, -1),
         (2024, -11, 1, 0, 0, 0, 0, 0, -1), (1969, 12, 31, 23, 59, 59, 0, 0, 0), (2024, 6, 15, 12, 30, 45, 5, 167, -1),
         time.gmtime(1700000000), time.localtime(1234567890), [2024, 1, 1, 0, 0, 0, 0, 1, 0], (2024, 1, 1, 0, 0, 0, 0, 1),
         (1,) * 10, ("a",) * 9, (2024.0, 1, 1, 0, 0, 0, 0, 1, 0), None, "2024"]
# isdst given, in zones with summer time (UTC has none).
summer = [(2024, 7, 1, 12, 0, 0, 0, 0, 1), (2024, 12, 1, 12, 0, 0, 0, 0, 0)]
for tz in ("UTC", "America/New_York", "Europe/Berlin"):
    os.environ["TZ"] = tz
    time.tzset()
    for t in cases + (summer if tz != "UTC" else []):
        try:
            print(tz, time.mktime(t))
        except (TypeError, OverflowError, ValueError) as e:
            print(tz, type(e).__name__, e)
for level in (-1, 0, 9, 10, 35, -2):
    try:
        print(level, len(zlib.compressobj(level).compress(b"a")))
    except ValueError as e:
        print(level, "ValueError", e)
os.environ["TZ"] = "UTC"
time.tzset()
