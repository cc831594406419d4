"""Group records by a field and aggregate them: counts, sums, averages, minimum and maximum."""


def group_by(records, key, value=None):
    """{group: {'count', and when `value` is a numeric field: 'sum', 'avg', 'min', 'max'}}, groups in first-seen order."""
    groups = {}
    for record in records:
        g = record.get(key) if not callable(key) else key(record)
        stats = groups.setdefault(g, {"count": 0})
        stats["count"] += 1
        if value is not None:
            v = record.get(value)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                stats["sum"] = stats.get("sum", 0) + v
                stats["min"] = v if "min" not in stats else min(stats["min"], v)
                stats["max"] = v if "max" not in stats else max(stats["max"], v)
                stats["n"] = stats.get("n", 0) + 1
    for stats in groups.values():
        n = stats.pop("n", 0)
        if n:
            stats["avg"] = stats["sum"] / n
    return groups
