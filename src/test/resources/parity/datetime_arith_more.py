from datetime import date, datetime, time, timedelta, timezone
import datetime as dt
td = timedelta(days=1, hours=25, minutes=-30, seconds=0.5, microseconds=7)
print(td, repr(td), td.total_seconds(), -td, abs(-td), td // timedelta(hours=1), td % timedelta(hours=1), td / 3)
print(timedelta(hours=1) / timedelta(minutes=7), timedelta(seconds=1) * 1.5, timedelta(microseconds=1) / 2, round(timedelta(seconds=7.5555), ) if False else "")
print(repr(timedelta(0)), repr(timedelta(days=-1)), str(timedelta(days=-1, seconds=5)), timedelta.max, timedelta.resolution)
try:
    timedelta(days=1_000_000_000)
except OverflowError as e:
    print("OverflowError:", e)
d = date(2024, 2, 29)
print(d + timedelta(days=365), d.replace(year=2023) if False else "", d.isocalendar(), d.isocalendar().week, d.isoweekday(), d.toordinal(), date.fromordinal(738945))
try:
    d.replace(year=2023)
except ValueError as e:
    print("ValueError:", e)
print(date.fromisocalendar(2024, 1, 1), date.fromisoformat("20240315"), datetime.fromisoformat("2024-03-15T10:20:30.123Z"))
print(datetime.fromisoformat("2024-03-15 10:20"), datetime.fromisoformat("2024-W11-5T08"), time.fromisoformat("10:20:30.5+02:00"))
c = datetime.combine(date(2024, 1, 2), time(3, 4, 5, 6), tzinfo=timezone(timedelta(hours=-3, minutes=-30)))
print(c, c.isoformat(timespec="milliseconds"), c.tzname(), c.utcoffset(), c.timetz(), c.timestamp())
print(timezone(timedelta(hours=5, minutes=30), "IST"), timezone.utc, repr(timezone(timedelta(0))), timezone(timedelta(hours=2)).tzname(None))
print(datetime(2024, 1, 1).strftime("%A %a %B %b %j %U %W %w %y %p %I %%"), datetime(2024, 12, 30).strftime("%G-%V-%u"))
print(datetime(2024, 1, 1, 13, 5).strftime("%H:%M %f") , time(1, 2).strftime("%H|%M|%S"), date(2024, 5, 6).ctime())
print(datetime.min, datetime.max, date.max - date.min, datetime(2024, 1, 1) < datetime(2024, 1, 1, 0, 0, 1))
try:
    datetime(2024, 1, 1) < datetime(2024, 1, 1, tzinfo=timezone.utc)
except TypeError as e:
    print("TypeError:", e)
print(datetime(2024, 1, 1) == datetime(2024, 1, 1, tzinfo=timezone.utc))
print(datetime.strptime("2024-07-04 15:30:00 +0530", "%Y-%m-%d %H:%M:%S %z"), datetime.strptime("Jul 4 2024", "%b %d %Y"), datetime.strptime("2024 185", "%Y %j"))
try:
    datetime.strptime("2024-13-01", "%Y-%m-%d")
except ValueError as e:
    print("ValueError:", e)
try:
    datetime.strptime("2024-01-01 extra", "%Y-%m-%d")
except ValueError as e:
    print("ValueError:", e)
print(repr(datetime(2024, 1, 2, 3, 4, 5, 600, tzinfo=timezone.utc)), repr(date(2024, 1, 2)), repr(time(1, 2, 3, fold=1)))
print(dt.UTC is timezone.utc, datetime(2024, 5, 5, 12).replace(tzinfo=dt.UTC).astimezone(timezone(timedelta(hours=-7))))
