from datetime import datetime, date, time, timedelta, timezone
from zoneinfo import ZoneInfo
for s in ["2024-03-05", "2024-03-05T14:07", "2024-03-05 14:07:09.5", "2024-03-05T14:07:09+02:00", "2024-03-05T14:07:09Z",
          "20240305T140709", "2024-W10-2", "2024-065", "2024-03-05T14:07:09.123456-05:30", "2024-03-05T14"]:
    try:
        print(s, "->", repr(datetime.fromisoformat(s)))
    except ValueError as e:
        print(s, "ValueError")
print(date.fromisoformat("2024-W01-1"), date.fromisoformat("20240229"), time.fromisoformat("T14:07:09Z"), time.fromisoformat("1407"))
d = date(2024, 12, 30); print(d.isocalendar(), d.isocalendar().week, tuple(d.isocalendar()), d.isoweekday(), d.weekday(), d.toordinal(), date.fromisocalendar(2025, 1, 1))
for td in [timedelta(days=-1, seconds=5), timedelta(hours=36, microseconds=7), timedelta(0), timedelta(weeks=2, minutes=-1), timedelta(seconds=-0.5)]:
    print(repr(td), str(td), td.total_seconds(), td.days, td.seconds)
print(timedelta(hours=1) / timedelta(minutes=7), timedelta(hours=1) // timedelta(minutes=7), timedelta(hours=1) % timedelta(minutes=7), timedelta(days=1) * 1.5, -timedelta(hours=2), abs(timedelta(-3)))
ny = ZoneInfo("America/New_York")
for utc in [datetime(2024, 3, 10, 6, 59, tzinfo=timezone.utc), datetime(2024, 3, 10, 7, 0, tzinfo=timezone.utc),
            datetime(2024, 11, 3, 5, 30, tzinfo=timezone.utc), datetime(2024, 11, 3, 6, 30, tzinfo=timezone.utc)]:
    loc = utc.astimezone(ny); print(loc.isoformat(), loc.tzname(), loc.fold, loc.utcoffset(), loc.dst())
amb = datetime(2024, 11, 3, 1, 30, tzinfo=ny)
print(amb.utcoffset(), amb.replace(fold=1).utcoffset(), amb.astimezone(timezone.utc), amb.replace(fold=1).astimezone(timezone.utc))
gap = datetime(2024, 3, 10, 2, 30, tzinfo=ny); print(gap.utcoffset(), gap.astimezone(timezone.utc))
print(datetime(2024, 1, 1, tzinfo=ZoneInfo("Asia/Kolkata")).isoformat(), datetime(2024, 6, 1, 12, tzinfo=ZoneInfo("Europe/London")).strftime("%Z %z"))
tz = timezone(timedelta(hours=-3, minutes=-30), "NST"); print(tz, repr(tz), timezone.utc, repr(timezone(timedelta(hours=5))), datetime(2024, 1, 1, tzinfo=tz).isoformat())
dt = datetime(2024, 2, 29, 23, 59, 59, 999999)
print(dt + timedelta(microseconds=1), dt.replace(year=2028), dt.timetuple()[:7], dt.isoformat(timespec="milliseconds"), dt.isoformat(sep=" ", timespec="seconds"))
try:
    dt.replace(year=2023)
except ValueError as e:
    print("ValueError:", e)
try:
    datetime(2024, 1, 1) < datetime(2024, 1, 1, tzinfo=timezone.utc)
except TypeError as e:
    print("TypeError:", e)
print(datetime(2024, 1, 1, tzinfo=timezone.utc).timestamp(), datetime.fromtimestamp(86400 * 365.25, timezone.utc), datetime.utcfromtimestamp(0) if False else "", date(2024, 3, 1) - date(2023, 3, 1))
print(datetime.strptime("05/03/24 2:07 PM", "%d/%m/%y %I:%M %p"), datetime.combine(date(2024, 1, 2), time(3, 4)), time(14, 7).strftime("%I:%M %p"), repr(time(1, 2, 3, 4)))
print(date.max, date.min, datetime.max.isoformat(), timedelta.max, timedelta.resolution, date(2024, 1, 31).replace(day=29).strftime("%j %U %W %a %b"))
