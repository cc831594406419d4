import calendar
from datetime import date
print(calendar.month(2024, 2))
print(calendar.isleap(2100), calendar.leapdays(2000, 2025), calendar.monthrange(2024, 2))
print(list(calendar.day_name))
c = calendar.Calendar(firstweekday=6)
print([d.day for d in c.itermonthdates(2024, 3) if d.month == 3][:10])
print(calendar.timegm((2024, 1, 1, 0, 0, 0)))
def add_months(d, n):
    m = d.month - 1 + n
    y, m = d.year + m // 12, m % 12 + 1
    return date(y, m, min(d.day, calendar.monthrange(y, m)[1]))
print(add_months(date(2024, 1, 31), 1), add_months(date(2024, 12, 15), 3))
