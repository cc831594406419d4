"""Parse a date or date-time written in many common formats into ISO 8601 and its parts."""
import datetime as dt
import email.utils
import re

MONTHS = {m: i + 1 for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}
MONTHS.update({"sept": 9, "january": 1, "february": 2, "march": 3, "april": 4, "june": 6, "july": 7,
               "august": 8, "september": 9, "october": 10, "november": 11, "december": 12})
_TIME = r"(?:[T\s,]+(?:at\s+)?(?P<h>\d{1,2})(?::(?P<mi>\d{2}))?(?::(?P<s>\d{2})(?:\.(?P<f>\d{1,6}))?)?\s*(?P<ampm>[ap]\.?m\.?)?" \
        r"\s*(?P<tz>Z|UTC|GMT|[+-]\d{2}:?\d{2})?)?\s*$"
PATTERNS = [
    ("iso", re.compile(r"^(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})" + _TIME, re.I)),
    ("compact", re.compile(r"^(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})(?:T(?P<h>\d{2})(?P<mi>\d{2})(?P<s>\d{2})?(?P<tz>Z)?)?$", re.I)),
    ("slash_ymd", re.compile(r"^(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})" + _TIME, re.I)),
    ("numeric", re.compile(r"^(?P<a>\d{1,2})[/.-](?P<b>\d{1,2})[/.-](?P<y>\d{2}|\d{4})" + _TIME, re.I)),
    ("day_month_name", re.compile(r"^(?:[a-z]+,?\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?\.?\s+(?P<mon>[a-z]+)\.?,?\s+(?P<y>\d{4})" + _TIME, re.I)),
    ("month_name_day", re.compile(r"^(?:[a-z]+,?\s+)?(?P<mon>[a-z]+)\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<y>\d{4})" + _TIME, re.I)),
    ("month_name_year", re.compile(r"^(?P<mon>[a-z]+)\.?\s+(?P<y>\d{4})$", re.I)),
]


def _tz(text):
    if not text:
        return None
    if text.upper() in ("Z", "UTC", "GMT"):
        return dt.timezone.utc
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    return dt.timezone(sign * dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:])))


def _build(fmt, g, dayfirst):
    if fmt == "numeric":
        a, b = int(g["a"]), int(g["b"])
        day, month = (a, b) if dayfirst or a > 12 else (b, a)
        year = int(g["y"])
        if year < 100:
            year += 2000 if year < 70 else 1900
    else:
        year, day = int(g["y"]), int(g.get("d") or 1)
        if g.get("mon"):
            month = MONTHS.get(g["mon"].lower())
            if month is None:
                raise ValueError(f"text: unknown month name '{g['mon']}'")
        else:
            month = int(g["m"])
    hour = int(g.get("h") or 0)
    ampm = (g.get("ampm") or "").replace(".", "").lower()
    if ampm:
        if not 1 <= hour <= 12:
            raise ValueError("text: hour must be 1 to 12 with am/pm")
        hour = hour % 12 + (12 if ampm == "pm" else 0)
    micro = int((g.get("f") or "0").ljust(6, "0"))
    value = dt.datetime(year, month, day, hour, int(g.get("mi") or 0), int(g.get("s") or 0), micro, _tz(g.get("tz")))
    return value, g.get("h") is not None


def run(text, dayfirst=False, formats=None):
    if not isinstance(text, str) or not text.strip() or len(text) > 200:
        raise ValueError("text: must be a date string of 1 to 200 characters")
    if formats is not None and (not isinstance(formats, list) or not all(isinstance(f, str) for f in formats)):
        raise ValueError("formats: must be a list of strptime formats such as '%d.%m.%Y %H:%M'")
    s = text.strip()
    value, has_time, matched = None, False, None
    for f in formats or []:
        try:
            value = dt.datetime.strptime(s, f)
            has_time, matched = any(c in f for c in ("%H", "%I", "%M")), f
            break
        except ValueError:
            continue
    if value is None and re.fullmatch(r"\d{9,10}(\.\d+)?|\d{12,13}", s):
        seconds = float(s) / (1000 if len(s) >= 12 and "." not in s else 1)
        value, has_time, matched = dt.datetime.fromtimestamp(seconds, dt.timezone.utc), True, "unix_timestamp"
    if value is None:
        for name, pattern in PATTERNS:
            m = pattern.match(s)
            if m:
                try:
                    value, has_time = _build(name, m.groupdict(), dayfirst)
                except ValueError as e:
                    raise ValueError(f"text: '{text}' looks like {name} but is not a valid date: {e}") from None
                matched = name
                break
    if value is None:
        try:
            value, has_time, matched = email.utils.parsedate_to_datetime(s), True, "rfc2822"
        except (TypeError, ValueError, IndexError):
            pass
    if value is None:
        raise ValueError(f"text: cannot recognise '{text}' as a date; pass a strptime pattern in formats")
    result = {"iso": value.isoformat() if has_time else value.date().isoformat(), "date": value.date().isoformat(),
              "time": value.time().isoformat() if has_time else None, "year": value.year, "month": value.month,
              "day": value.day, "weekday": value.strftime("%A"), "iso_week": value.isocalendar()[1],
              "day_of_year": value.timetuple().tm_yday, "timezone": value.strftime("%z") or None,
              "format": matched}
    if value.tzinfo is not None:
        result["unix_timestamp"] = int(value.timestamp())
    return result
