"""Difference between two dates or date-times in days, hours, weeks and calendar years/months/days."""
import datetime as dt


def _parse(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be an ISO 8601 date or date-time such as '2024-03-01' or '2024-03-01T12:00'")
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{field}: cannot parse '{value}' as ISO 8601") from None


def _calendar_parts(a, b):
    """Whole years, months and days from a to b (a <= b), the way people count ages and tenures."""
    months = (b.year - a.year) * 12 + b.month - a.month
    if (b.day, b.time()) < (a.day, a.time()):
        months -= 1
    years, months = divmod(months, 12)
    anchor_year, anchor_month = a.year + years + (a.month - 1 + months) // 12, (a.month - 1 + months) % 12 + 1
    last_day = ((dt.date(anchor_year + anchor_month // 12, anchor_month % 12 + 1, 1)) - dt.timedelta(days=1)).day
    anchor = a.replace(year=anchor_year, month=anchor_month, day=min(a.day, last_day))
    return years, months, (b - anchor).days


def run(start, end):
    a, b = _parse(start, "start"), _parse(end, "end")
    if (a.tzinfo is None) != (b.tzinfo is None):
        raise ValueError("end: both values need an offset, or neither (cannot compare naive and aware times)")
    delta = b - a
    sign = -1 if delta < dt.timedelta(0) else 1
    lo, hi = (a, b) if sign > 0 else (b, a)
    if lo.tzinfo is not None:
        hi = hi.astimezone(lo.tzinfo)
    years, months, days = _calendar_parts(lo, hi)
    seconds = delta.total_seconds()
    parts = [f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in
             ((years, "year"), (months, "month"), (days, "day")) if n]
    rest = (hi - lo).seconds
    hours, minutes = rest // 3600, rest % 3600 // 60
    parts += [f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in ((hours, "hour"), (minutes, "minute")) if n]
    return {
        "days": round(seconds / 86400, 6),
        "whole_days": int(seconds // 86400) if sign > 0 else -int(-seconds // 86400),
        "weeks": round(seconds / 604800, 6),
        "hours": round(seconds / 3600, 6),
        "minutes": round(seconds / 60, 6),
        "seconds": seconds,
        "calendar": {"years": sign * years, "months": sign * months, "days": sign * days},
        "human": ("-" if sign < 0 else "") + (", ".join(parts) or "0 days"),
        "end_is_after_start": sign > 0 and delta != dt.timedelta(0),
    }
