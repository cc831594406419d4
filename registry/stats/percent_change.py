"""Percent change between two values, or period-over-period changes and CAGR of a series."""
import math


def _num(v, field):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise ValueError(f"{field}: must be a finite number, got {v!r}")
    return v


def _pct(old, new, digits):
    if old == 0:
        return None  # undefined: any change from zero is infinitely large
    return round((new - old) / abs(old) * 100, digits)


def run(old=None, new=None, series=None, digits=2):
    if not isinstance(digits, int) or not 0 <= digits <= 10:
        raise ValueError("digits: must be an integer between 0 and 10")
    if series is None:
        if old is None or new is None:
            raise ValueError("old: give 'old' and 'new', or a 'series' of values")
        a, b = _num(old, "old"), _num(new, "new")
        pct = _pct(a, b, digits)
        return {"change": round(b - a, 10), "percent": pct,
                "direction": "up" if b > a else "down" if b < a else "flat",
                "ratio": round(b / a, 6) if a else None}
    if not isinstance(series, list) or len(series) < 2:
        raise ValueError("series: must be a list of at least 2 numbers")
    values = [_num(v, f"series[{i}]") for i, v in enumerate(series)]
    changes = [{"from": a, "to": b, "change": round(b - a, 10), "percent": _pct(a, b, digits)}
               for a, b in zip(values, values[1:])]
    first, last = values[0], values[-1]
    periods = len(values) - 1
    cagr = None
    if first > 0 and last > 0:
        cagr = round(((last / first) ** (1 / periods) - 1) * 100, digits)
    return {"changes": changes, "total_percent": _pct(first, last, digits), "cagr_percent": cagr,
            "periods": periods}
