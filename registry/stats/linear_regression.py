"""Least-squares line through (x, y) points: slope, intercept, fit quality and predictions."""
import math


def _numbers(values, field, minimum):
    if not isinstance(values, list) or len(values) < minimum:
        raise ValueError(f"{field}: must be a list of at least {minimum} numbers")
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueError(f"{field}[{i}]: must be a finite number, got {v!r}")
    return [float(v) for v in values]


def run(x, y, predict=None, digits=6):
    xs, ys = _numbers(x, "x", 2), _numbers(y, "y", 2)
    if len(xs) != len(ys):
        raise ValueError(f"y: has {len(ys)} values but x has {len(xs)}; they must pair up")
    if not isinstance(digits, int) or not 0 <= digits <= 15:
        raise ValueError("digits: must be an integer between 0 and 15")
    n = len(xs)
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    sxx = math.fsum((a - mx) ** 2 for a in xs)
    if sxx == 0:
        raise ValueError("x: all x values are equal, so no line can be fitted")
    sxy = math.fsum((a - mx) * (b - my) for a, b in zip(xs, ys))
    slope = sxy / sxx
    intercept = my - slope * mx
    fitted = [intercept + slope * a for a in xs]
    ss_res = math.fsum((b - f) ** 2 for b, f in zip(ys, fitted))
    ss_tot = math.fsum((b - my) ** 2 for b in ys)
    result = {"slope": round(slope, digits), "intercept": round(intercept, digits),
              "r_squared": round(1 - ss_res / ss_tot, digits) if ss_tot else 1.0, "n": n,
              "rmse": round(math.sqrt(ss_res / n), digits),
              "equation": f"y = {round(slope, digits):g}x {'+' if intercept >= 0 else '-'} {abs(round(intercept, digits)):g}"}
    if n > 2:
        result["slope_std_error"] = round(math.sqrt(ss_res / (n - 2) / sxx), digits)
    if predict is not None:
        pts = _numbers(predict, "predict", 1)
        result["predictions"] = [{"x": p, "y": round(intercept + slope * p, digits)} for p in pts]
    return result
