"""Bin numbers into equal-width buckets and draw a text bar chart."""
import builtins
import math


def _nice(x):
    return int(x) if float(x).is_integer() else round(x, 10)


def run(values, bins=10, bin_width=None, min=None, max=None, bar_width=40):
    # `min` and `max` are argument names agents expect, so the builtins are reached through the module.
    if not isinstance(values, list) or not values:
        raise ValueError("values: must be a non-empty list of numbers")
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueError(f"values[{i}]: must be a finite number, got {v!r}")
    if bin_width is None and (isinstance(bins, bool) or not isinstance(bins, int) or not 1 <= bins <= 1000):
        raise ValueError("bins: must be an integer between 1 and 1000")
    if bin_width is not None and (isinstance(bin_width, bool) or not isinstance(bin_width, (int, float))
                                  or bin_width <= 0):
        raise ValueError("bin_width: must be a positive number")
    if not isinstance(bar_width, int) or not 0 <= bar_width <= 200:
        raise ValueError("bar_width: must be an integer between 0 and 200")
    lo = builtins.min(values) if min is None else min
    hi = builtins.max(values) if max is None else max
    if hi < lo:
        raise ValueError("max: must not be smaller than min")
    if bin_width is not None:
        bins = builtins.max(1, math.ceil((hi - lo) / bin_width))
        if bins > 1000:
            raise ValueError("bin_width: gives more than 1000 bins")
        width = bin_width
        hi = lo + bins * width
    else:
        width = (hi - lo) / bins if hi > lo else 1
    counts = [0] * bins
    below = above = 0
    for v in values:
        if v < lo:
            below += 1
        elif v > hi:
            above += 1
        else:
            counts[builtins.min(int((v - lo) / width), bins - 1)] += 1  # the maximum belongs to the last bin
    peak = builtins.max(counts) or 1
    buckets, lines = [], []
    for i, c in enumerate(counts):
        start, end = _nice(lo + i * width), _nice(lo + (i + 1) * width)
        buckets.append({"start": start, "end": end, "count": c})
        lines.append(f"[{start}, {end}{']' if i == bins - 1 else ')'} {'#' * round(c / peak * bar_width)} {c}")
    return {"bins": buckets, "below_min": below, "above_max": above, "total": len(values), "chart": "\n".join(lines)}
