"""Drop duplicate records, by all fields or by key fields, keeping the first or last occurrence."""
import json

_MAX = 100000


def _identity(record, keys):
    picked = record if keys is None else {k: record.get(k) for k in keys}
    # Canonical JSON makes dicts and lists hashable and order-insensitive for keys.
    return json.dumps(picked, sort_keys=True, default=str)


def run(records, keys=None, keep="first"):
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise TypeError("records: must be a list of objects")
    if len(records) > _MAX:
        raise ValueError(f"records: at most {_MAX} records")
    if keys is not None and (not isinstance(keys, list) or not all(isinstance(k, str) for k in keys)):
        raise TypeError("keys: must be a list of field names")
    if keep not in ("first", "last"):
        raise ValueError("keep: must be 'first' or 'last'")
    ordered = records if keep == "first" else list(reversed(records))
    seen = set()
    unique = []
    for r in ordered:
        ident = _identity(r, keys)
        if ident not in seen:
            seen.add(ident)
            unique.append(r)
    if keep == "last":
        unique.reverse()
    return {"records": unique, "removed": len(records) - len(unique)}
