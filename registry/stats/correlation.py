"""Pearson or Spearman correlation between two equally long lists of numbers."""
import math


def _numbers(values, field):
    if not isinstance(values, list) or len(values) < 3:
        raise ValueError(f"{field}: must be a list of at least 3 numbers")
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueError(f"{field}[{i}]: must be a finite number, got {v!r}")
    return [float(v) for v in values]


def _ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1  # ties share their average rank
        i = j + 1
    return ranks


def _pearson(x, y):
    n = len(x)
    mx, my = math.fsum(x) / n, math.fsum(y) / n
    sxy = math.fsum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = math.fsum((a - mx) ** 2 for a in x)
    syy = math.fsum((b - my) ** 2 for b in y)
    if sxx == 0 or syy == 0:
        raise ValueError("x: one of the lists is constant, so correlation is undefined")
    return max(-1.0, min(1.0, sxy / math.sqrt(sxx * syy)))


def _strength(r):
    a = abs(r)
    label = "very strong" if a >= 0.8 else "strong" if a >= 0.6 else "moderate" if a >= 0.4 \
        else "weak" if a >= 0.2 else "negligible"
    return label + ("" if a < 0.2 else " positive" if r > 0 else " negative")


def run(x, y, method="pearson"):
    xs, ys = _numbers(x, "x"), _numbers(y, "y")
    if len(xs) != len(ys):
        raise ValueError(f"y: has {len(ys)} values but x has {len(xs)}; they must pair up")
    if method not in ("pearson", "spearman"):
        raise ValueError("method: must be pearson or spearman")
    r = _pearson(_ranks(xs), _ranks(ys)) if method == "spearman" else _pearson(xs, ys)
    n = len(xs)
    result = {"r": round(r, 6), "r_squared": round(r * r, 6), "n": n, "method": method, "strength": _strength(r)}
    if abs(r) < 1:
        result["t_statistic"] = round(r * math.sqrt((n - 2) / (1 - r * r)), 6)
    return result
