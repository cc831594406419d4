"""Count business days between two dates, or add business days to a date, skipping weekends and holidays."""
import datetime as dt

MAX_SPAN_DAYS = 366 * 200


def _date(value, field):
    if not isinstance(value, str):
        raise ValueError(f"{field}: must be an ISO date such as '2024-12-24'")
    try:
        return dt.date.fromisoformat(value.strip()[:10])
    except ValueError:
        raise ValueError(f"{field}: cannot parse '{value}' as an ISO date (YYYY-MM-DD)") from None


def run(start, end=None, add=None, holidays=None, weekend=None):
    first = _date(start, "start")
    if (end is None) == (add is None):
        raise ValueError("end: give exactly one of 'end' (count) or 'add' (business days to add)")
    if holidays is None:
        holidays = []
    if not isinstance(holidays, list):
        raise ValueError("holidays: must be a list of ISO dates")
    off = {_date(h, "holidays") for h in holidays}
    if weekend is None:
        weekend = [5, 6]
    if not isinstance(weekend, list) or not all(isinstance(d, int) and 0 <= d <= 6 for d in weekend) \
            or len(set(weekend)) > 6:
        raise ValueError("weekend: must list weekday numbers 0 (Monday) to 6 (Sunday), not all seven")
    rest = set(weekend)
    is_workday = lambda d: d.weekday() not in rest and d not in off
    if add is not None:
        if isinstance(add, bool) or not isinstance(add, int) or abs(add) > 100000:
            raise ValueError("add: must be an integer between -100000 and 100000")
        step = 1 if add >= 0 else -1
        current, remaining, skipped = first, abs(add), 0
        while remaining:
            current += dt.timedelta(days=step)
            if is_workday(current):
                remaining -= 1
            elif current in off and current.weekday() not in rest:
                skipped += 1
        return {"date": current.isoformat(), "weekday": current.strftime("%A"), "holidays_skipped": skipped}
    last = _date(end, "end")
    if abs((last - first).days) > MAX_SPAN_DAYS:
        raise ValueError(f"end: the range is longer than {MAX_SPAN_DAYS} days")
    lo, hi = min(first, last), max(first, last)
    count, holidays_hit, day = 0, 0, lo
    while day <= hi:
        if is_workday(day):
            count += 1
        elif day in off and day.weekday() not in rest:
            holidays_hit += 1
        day += dt.timedelta(days=1)
    return {"business_days": count if last >= first else -count, "calendar_days": (hi - lo).days + 1,
            "holidays_skipped": holidays_hit, "weekend_days": (hi - lo).days + 1 - count - holidays_hit}
