"""Convert a date-time between time zones, with zoneinfo when tz data exists and built-in DST rules otherwise."""
import datetime as dt
import re

# The sandbox has no IANA tz database (no /usr/share/zoneinfo, no tzdata package), so common zones carry
# their current rules here: (standard offset in minutes, DST rule or None, standard abbr, DST abbr).
# Rules: "eu" = last Sunday of March 01:00 UTC to last Sunday of October 01:00 UTC;
# "us" = second Sunday of March 02:00 local to first Sunday of November 02:00 local;
# "au" = first Sunday of October 02:00 local to first Sunday of April 03:00 local (southern);
# "nz" = last Sunday of September 02:00 local to first Sunday of April 03:00 local.
ZONES = {
    "UTC": (0, None, "UTC", None), "Etc/UTC": (0, None, "UTC", None), "GMT": (0, None, "GMT", None),
    "Europe/London": (0, "eu", "GMT", "BST"), "Europe/Dublin": (0, "eu", "GMT", "IST"),
    "Europe/Lisbon": (0, "eu", "WET", "WEST"),
    "Europe/Paris": (60, "eu", "CET", "CEST"), "Europe/Berlin": (60, "eu", "CET", "CEST"),
    "Europe/Madrid": (60, "eu", "CET", "CEST"), "Europe/Rome": (60, "eu", "CET", "CEST"),
    "Europe/Amsterdam": (60, "eu", "CET", "CEST"), "Europe/Brussels": (60, "eu", "CET", "CEST"),
    "Europe/Vienna": (60, "eu", "CET", "CEST"), "Europe/Zurich": (60, "eu", "CET", "CEST"),
    "Europe/Stockholm": (60, "eu", "CET", "CEST"), "Europe/Oslo": (60, "eu", "CET", "CEST"),
    "Europe/Copenhagen": (60, "eu", "CET", "CEST"), "Europe/Warsaw": (60, "eu", "CET", "CEST"),
    "Europe/Prague": (60, "eu", "CET", "CEST"), "Europe/Budapest": (60, "eu", "CET", "CEST"),
    "Europe/Athens": (120, "eu", "EET", "EEST"), "Europe/Helsinki": (120, "eu", "EET", "EEST"),
    "Europe/Kiev": (120, "eu", "EET", "EEST"), "Europe/Kyiv": (120, "eu", "EET", "EEST"),
    "Europe/Bucharest": (120, "eu", "EET", "EEST"), "Europe/Istanbul": (180, None, "+03", None),
    "Europe/Moscow": (180, None, "MSK", None),
    "America/New_York": (-300, "us", "EST", "EDT"), "America/Toronto": (-300, "us", "EST", "EDT"),
    "America/Chicago": (-360, "us", "CST", "CDT"), "America/Denver": (-420, "us", "MST", "MDT"),
    "America/Phoenix": (-420, None, "MST", None), "America/Los_Angeles": (-480, "us", "PST", "PDT"),
    "America/Vancouver": (-480, "us", "PST", "PDT"), "America/Anchorage": (-540, "us", "AKST", "AKDT"),
    "Pacific/Honolulu": (-600, None, "HST", None), "America/Halifax": (-240, "us", "AST", "ADT"),
    "America/Mexico_City": (-360, None, "CST", None), "America/Bogota": (-300, None, "-05", None),
    "America/Lima": (-300, None, "-05", None), "America/Sao_Paulo": (-180, None, "-03", None),
    "America/Argentina/Buenos_Aires": (-180, None, "-03", None),
    "Asia/Dubai": (240, None, "+04", None), "Asia/Karachi": (300, None, "PKT", None),
    "Asia/Kolkata": (330, None, "IST", None), "Asia/Calcutta": (330, None, "IST", None),
    "Asia/Kathmandu": (345, None, "+0545", None), "Asia/Dhaka": (360, None, "+06", None),
    "Asia/Bangkok": (420, None, "+07", None), "Asia/Jakarta": (420, None, "WIB", None),
    "Asia/Singapore": (480, None, "+08", None), "Asia/Shanghai": (480, None, "CST", None),
    "Asia/Hong_Kong": (480, None, "HKT", None), "Asia/Taipei": (480, None, "CST", None),
    "Asia/Manila": (480, None, "PST", None), "Asia/Seoul": (540, None, "KST", None),
    "Asia/Tokyo": (540, None, "JST", None), "Australia/Perth": (480, None, "AWST", None),
    "Australia/Brisbane": (600, None, "AEST", None), "Australia/Sydney": (600, "au", "AEST", "AEDT"),
    "Australia/Melbourne": (600, "au", "AEST", "AEDT"), "Australia/Adelaide": (570, "au", "ACST", "ACDT"),
    "Pacific/Auckland": (720, "nz", "NZST", "NZDT"), "Africa/Johannesburg": (120, None, "SAST", None), "Africa/Lagos": (60, None, "WAT", None),
    "Africa/Nairobi": (180, None, "EAT", None),
    "Asia/Riyadh": (180, None, "+03", None), "Asia/Tehran": (210, None, "+0330", None),
}
_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$")


def _nth_sunday(year, month, n):
    """n-th Sunday of a month (n = -1 for the last)."""
    if n > 0:
        first = dt.date(year, month, 1)
        return first + dt.timedelta(days=(6 - first.weekday()) % 7 + 7 * (n - 1))
    last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1))
    return last - dt.timedelta(days=(last.weekday() - 6) % 7)


def _dst_window_utc(rule, year, std):
    """DST start and end of `year` as naive UTC date-times."""
    at = lambda d, h, offset: dt.datetime.combine(d, dt.time(h)) - dt.timedelta(minutes=offset)
    if rule == "eu":
        return at(_nth_sunday(year, 3, -1), 1, 0), at(_nth_sunday(year, 10, -1), 1, 0)
    if rule == "us":
        return at(_nth_sunday(year, 3, 2), 2, std), at(_nth_sunday(year, 11, 1), 2, std + 60)
    if rule == "au":
        return at(_nth_sunday(year, 10, 1), 2, std), at(_nth_sunday(year, 4, 1), 3, std + 60)
    return at(_nth_sunday(year, 9, -1), 2, std), at(_nth_sunday(year, 4, 1), 3, std + 60)


class _RuleZone(dt.tzinfo):
    """A tzinfo following one of the fixed DST rules above."""

    def __init__(self, name):
        self.name = name
        self.std, self.rule, self.std_abbr, self.dst_abbr = ZONES[name]

    def _in_dst_utc(self, utc_naive):
        if self.rule is None:
            return False
        start, end = _dst_window_utc(self.rule, utc_naive.year, self.std)
        return start <= utc_naive < end if start < end else not (end <= utc_naive < start)

    def _in_dst_local(self, local_naive):
        if self.rule is None:
            return False
        # Try standard time first; fold=1 picks the later (standard) reading in the repeated hour.
        std_guess = local_naive - dt.timedelta(minutes=self.std)
        dst_guess = local_naive - dt.timedelta(minutes=self.std + 60)
        if getattr(local_naive, "fold", 0) == 1:
            return self._in_dst_utc(std_guess) and self._in_dst_utc(dst_guess)
        return self._in_dst_utc(dst_guess)

    def utcoffset(self, d):
        return dt.timedelta(minutes=self.std + (60 if self._in_dst_local(d.replace(tzinfo=None)) else 0))

    def dst(self, d):
        return dt.timedelta(minutes=60 if self._in_dst_local(d.replace(tzinfo=None)) else 0)

    def tzname(self, d):
        return self.dst_abbr if self._in_dst_local(d.replace(tzinfo=None)) else self.std_abbr

    def fromutc(self, d):
        naive = d.replace(tzinfo=None)
        in_dst = self._in_dst_utc(naive)
        local = naive + dt.timedelta(minutes=self.std + (60 if in_dst else 0))
        # The hour repeated when DST ends: its second reading (standard time) is fold=1.
        repeated = not in_dst and self._in_dst_utc(naive - dt.timedelta(hours=1))
        return local.replace(tzinfo=self, fold=1 if repeated else 0)


def _zone(name, field):
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{field}: must be a time zone name such as 'Europe/Paris' or an offset like '+05:30'")
    name = name.strip()
    m = _OFFSET.match(name)
    if m:
        hours, minutes = int(m.group(2)), int(m.group(3) or 0)
        if hours > 14 or minutes > 59:
            raise ValueError(f"{field}: offset {name} is out of range (-14:00 to +14:00)")
        sign = -1 if m.group(1) == "-" else 1
        return dt.timezone(sign * dt.timedelta(hours=hours, minutes=minutes)), "offset"
    if name.upper() in ("UTC", "Z", "GMT"):
        return dt.timezone.utc, "builtin"
    try:
        import zoneinfo
        return zoneinfo.ZoneInfo(name), "zoneinfo"
    except Exception:
        pass
    match = next((z for z in ZONES if z.lower() == name.lower()), None)
    if match is None:
        raise ValueError(f"{field}: unknown time zone '{name}'; use an IANA name from the built-in list "
                         f"(e.g. Europe/Paris, America/New_York, Asia/Tokyo) or a UTC offset like '+05:30'")
    return _RuleZone(match), "builtin"


def _parse(value):
    if not isinstance(value, str) or not value.strip():
        raise ValueError("datetime: must be an ISO 8601 date-time such as '2024-03-10T14:30:00'")
    text = value.strip().replace(" ", "T", 1)
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"datetime: cannot parse '{value}' as ISO 8601 (YYYY-MM-DDTHH:MM[:SS][+HH:MM])") from None


def run(datetime, to_tz, from_tz="UTC"):
    moment = _parse(datetime)
    target, target_source = _zone(to_tz, "to_tz")
    if moment.tzinfo is None:
        source, _ = _zone(from_tz, "from_tz")
        moment = moment.replace(tzinfo=source)
    converted = moment.astimezone(target)
    offset = converted.utcoffset()
    total = int(offset.total_seconds() // 60)
    sign = "-" if total < 0 else "+"
    return {
        "input": moment.isoformat(),
        "output": converted.isoformat(),
        "utc": moment.astimezone(dt.timezone.utc).isoformat().replace("+00:00", "Z"),
        "to_tz": to_tz,
        "utc_offset": f"{sign}{abs(total) // 60:02d}:{abs(total) % 60:02d}",
        "abbreviation": converted.tzname(),
        "is_dst": bool(converted.dst()),
        "rules_source": target_source,
    }
