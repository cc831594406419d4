from datetime import datetime, timezone, timedelta
from zoneinfo import ZoneInfo
ny = ZoneInfo("America/New_York")
utc = datetime(2024, 3, 10, 6, 30, tzinfo=timezone.utc)
for h in range(0, 5):
    t = (utc + timedelta(hours=h)).astimezone(ny)
    print(t.isoformat(), t.tzname(), t.utcoffset())
berlin = datetime(2024, 10, 27, 2, 30, tzinfo=ZoneInfo("Europe/Berlin"))
print(berlin, berlin.fold, berlin.replace(fold=1))
print(datetime(2024, 1, 1, tzinfo=ZoneInfo("Asia/Kolkata")).utcoffset())
print(datetime(2024, 6, 1, 12, tzinfo=ZoneInfo("Australia/Sydney")).astimezone(timezone.utc))
print(timezone(timedelta(hours=-3, minutes=-30)), datetime(2000, 1, 1, tzinfo=timezone.utc).timestamp())
