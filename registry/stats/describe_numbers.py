"""Descriptive statistics of a list of numbers: count, mean, median, mode, stdev, quantiles, outliers."""
import math
import statistics


def _values(values):
    if not isinstance(values, list) or not values:
        raise ValueError("values: must be a non-empty list of numbers")
    if len(values) > 1000000:
        raise ValueError("values: more than 1000000 numbers")
    out = []
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueError(f"values[{i}]: must be a finite number, got {v!r}")
        out.append(v)
    return out


def _quantile(sorted_values, q):
    """Linear interpolation between closest ranks (the default of NumPy and Excel's PERCENTILE.INC)."""
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def _r(x, digits):
    return round(x, digits) if isinstance(x, float) else x


def run(values, quantiles=None, digits=6):
    data = _values(values)
    if quantiles is None:
        quantiles = [0.25, 0.5, 0.75]
    if not isinstance(quantiles, list) or not all(
            isinstance(q, (int, float)) and not isinstance(q, bool) and 0 <= q <= 1 for q in quantiles):
        raise ValueError("quantiles: must be a list of numbers between 0 and 1")
    if not isinstance(digits, int) or not 0 <= digits <= 15:
        raise ValueError("digits: must be an integer between 0 and 15")
    s = sorted(data)
    n = len(s)
    mean = math.fsum(s) / n
    result = {"count": n, "sum": _r(math.fsum(s) if any(isinstance(v, float) for v in s) else sum(s), digits),
              "mean": round(mean, digits), "median": _r(statistics.median(s), digits), "min": s[0], "max": s[-1],
              "range": _r(s[-1] - s[0], digits)}
    modes = statistics.multimode(s)
    result["mode"] = modes[0] if len(modes) < n or n == 1 else None
    if n > 1:
        result["stdev"] = round(statistics.stdev(s), digits)
        result["variance"] = round(statistics.variance(s), digits)
        result["population_stdev"] = round(statistics.pstdev(s), digits)
    result["quantiles"] = {f"p{q * 100:g}": round(_quantile(s, q), digits) for q in quantiles}
    q1, q3 = _quantile(s, 0.25), _quantile(s, 0.75)
    fence = 1.5 * (q3 - q1)
    result["outliers"] = [v for v in s if v < q1 - fence or v > q3 + fence]
    return result
