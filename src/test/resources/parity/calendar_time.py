import calendar, time
print(calendar.month(2024, 2))
print(calendar.month(2024, 2, w=3, l=1))
calendar.setfirstweekday(calendar.SUNDAY); print(calendar.month(2024, 9)); calendar.setfirstweekday(calendar.MONDAY)
print(calendar.calendar(2024, m=4)[:400])
print(calendar.isleap(2100), calendar.leapdays(2000, 2025), calendar.monthrange(2024, 2), calendar.weekday(2024, 7, 4), calendar.timegm((2024, 1, 1, 0, 0, 0)))
print(calendar.monthcalendar(2024, 6)[0], list(calendar.day_name), list(calendar.month_abbr)[:4], calendar.firstweekday())
c = calendar.Calendar(firstweekday=6); print([d for d in c.itermonthdays(2024, 2)][:10], len(list(c.itermonthdates(2024, 2))))
print(calendar.HTMLCalendar().formatmonth(2024, 1)[:200])
print(calendar.TextCalendar().formatweekheader(2), calendar.Month.FEBRUARY if hasattr(calendar, "Month") else "", calendar.Day.MONDAY if hasattr(calendar, "Day") else "")
g = time.gmtime(1700000000); print(g, g.tm_year, g.tm_yday, g.tm_zone, g.tm_gmtoff)
print(time.strftime("%Y-%m-%d %H:%M:%S %a %b %j %p %%", g), time.asctime(g), time.mktime(time.localtime(1700000000)) == 1700000000)
print(time.strptime("2024-03-05 14:07", "%Y-%m-%d %H:%M")[:6], time.gmtime(0)[:6], time.timezone, time.daylight, time.ctime(0))
try:
    time.strptime("2024-13-01", "%Y-%m-%d")
except ValueError as e:
    print("ValueError:", e)
print(time.struct_time((2024, 1, 2, 3, 4, 5, 1, 2, 0)), isinstance(time.time_ns(), int), time.get_clock_info("monotonic").monotonic)
