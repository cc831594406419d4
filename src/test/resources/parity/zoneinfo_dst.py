from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
ny = ZoneInfo("America/New_York"); lon = ZoneInfo("Europe/London"); syd = ZoneInfo("Australia/Sydney")
amb = datetime(2024, 11, 3, 1, 30, tzinfo=ny)
print(amb, amb.replace(fold=1), amb.utcoffset(), amb.replace(fold=1).utcoffset(), amb.tzname(), amb.replace(fold=1).tzname())
gap = datetime(2024, 3, 10, 2, 30, tzinfo=ny)
print(gap, gap.utcoffset(), gap.astimezone(timezone.utc), gap.replace(fold=1).astimezone(timezone.utc))
start = datetime(2024, 3, 31, 0, 30, tzinfo=timezone.utc)
for h in range(4):
    t = (start + timedelta(hours=h)).astimezone(lon)
    print(t.isoformat(), t.tzname(), t.fold, t.dst())
print(datetime(2024, 6, 1, 12, tzinfo=syd).tzname(), datetime(2024, 12, 1, 12, tzinfo=syd).utcoffset())
a = datetime(2024, 11, 3, 1, 30, tzinfo=ny); b = a.replace(fold=1)
print(a == b, b - a, a.astimezone(timezone.utc) < b.astimezone(timezone.utc))
print(datetime(2024, 7, 1, tzinfo=ny) - datetime(2024, 1, 1, tzinfo=ny))
print(str(ny), repr(ny), ZoneInfo("UTC").utcoffset(None), ny is ZoneInfo("America/New_York"))
try:
    ZoneInfo("Mars/Olympus")
except ZoneInfoNotFoundError as e:
    print("ZoneInfoNotFoundError:", e)
try:
    ZoneInfo("../etc/passwd")
except ValueError as e:
    print("ValueError:", e)
u = datetime(2024, 1, 15, 12, tzinfo=timezone.utc)
print([u.astimezone(ZoneInfo(z)).strftime("%Y-%m-%d %H:%M %Z %z") for z in ("Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns")])
print(datetime(1900, 1, 1, tzinfo=ZoneInfo("Europe/Amsterdam")).utcoffset(), datetime(2040, 7, 1, tzinfo=lon).tzname())
print(datetime.fromisoformat("2024-07-04T10:00:00-04:00").astimezone(ZoneInfo("Asia/Tokyo")))
