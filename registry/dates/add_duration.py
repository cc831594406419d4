"""Add (or subtract) years, months, weeks, days, hours, minutes and seconds to a date or date-time."""
import calendar
import datetime as dt

FIELDS = ("years", "months", "weeks", "days", "hours", "minutes", "seconds")


def run(datetime, years=0, months=0, weeks=0, days=0, hours=0, minutes=0, seconds=0):
    if not isinstance(datetime, str) or not datetime.strip():
        raise ValueError("datetime: must be an ISO 8601 date or date-time such as '2024-01-31'")
    amounts = {"years": years, "months": months, "weeks": weeks, "days": days, "hours": hours, "minutes": minutes,
               "seconds": seconds}
    for name, value in amounts.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{name}: must be a number")
        if name in ("years", "months") and not float(value).is_integer():
            raise ValueError(f"{name}: must be a whole number")
        if abs(value) > 1e7:
            raise ValueError(f"{name}: must be between -10000000 and 10000000")
    text = datetime.strip()
    date_only = len(text) == 10
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        value = dt.datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"datetime: cannot parse '{datetime}' as ISO 8601") from None
    total_months = value.month - 1 + int(years) * 12 + int(months)
    year, month = value.year + total_months // 12, total_months % 12 + 1
    if not 1 <= year <= 9999:
        raise ValueError("years: result is outside the years 1 to 9999")
    day = min(value.day, calendar.monthrange(year, month)[1])
    clamped = day != value.day
    try:
        value = value.replace(year=year, month=month, day=day)
        value += dt.timedelta(weeks=weeks, days=days, hours=hours, minutes=minutes, seconds=seconds)
    except OverflowError:
        raise ValueError("days: result is outside the years 1 to 9999") from None
    has_time = not date_only or any(amounts[k] for k in ("hours", "minutes", "seconds")) \
        or not float(weeks * 7 + days).is_integer()
    return {"result": value.isoformat() if has_time else value.date().isoformat(),
            "weekday": value.strftime("%A"), "day_clamped": clamped}
