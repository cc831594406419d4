"""Remove duplicate records (dicts) by a key field or a key function."""


def dedupe(records, key, keep="first"):
    """Records with unique keys, in original order; keep='last' keeps the latest duplicate instead.

    `key` is a field name, a tuple of field names, or a function of the record.
    """
    if keep not in ("first", "last"):
        raise ValueError("keep must be 'first' or 'last'")
    if callable(key):
        key_of = key
    elif isinstance(key, tuple):
        key_of = lambda r: tuple(r.get(k) for k in key)
    else:
        key_of = lambda r: r.get(key)
    chosen = {}
    order = []
    for record in records:
        k = key_of(record)
        if k not in chosen:
            order.append(k)
            chosen[k] = record
        elif keep == "last":
            chosen[k] = record
    return [chosen[k] for k in order]


def duplicates(records, key):
    """{key: count} for keys that occur more than once (key as in dedupe, field name or tuple)."""
    counts = {}
    key_of = key if callable(key) else (lambda r: tuple(r.get(k) for k in key)) if isinstance(key, tuple) \
        else (lambda r: r.get(key))
    for record in records:
        k = key_of(record)
        counts[k] = counts.get(k, 0) + 1
    return {k: n for k, n in counts.items() if n > 1}
