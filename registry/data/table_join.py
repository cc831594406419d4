"""Join two lists of records on key fields: inner, left or full outer."""
import json

_MAX = 100000


def _key(record, on):
    return json.dumps([record.get(k) for k in on], default=str)


def _merge(a, b):
    out = dict(a)
    for k, v in b.items():
        if k in out and out[k] != v:
            out[k + "_right"] = v
        else:
            out[k] = v
    return out


def run(left, right, on, how="inner"):
    for field, rows in (("left", left), ("right", right)):
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise TypeError(f"{field}: must be a list of objects")
        if len(rows) > _MAX:
            raise ValueError(f"{field}: at most {_MAX} records")
    if not isinstance(on, list) or not on or not all(isinstance(k, str) for k in on):
        raise TypeError("on: must be a non-empty list of field names")
    if how not in ("inner", "left", "outer"):
        raise ValueError("how: must be inner, left or outer")
    index = {}
    for r in right:
        index.setdefault(_key(r, on), []).append(r)
    used = set()
    records = []
    matched = 0
    for l in left:
        k = _key(l, on)
        partners = index.get(k, [])
        for r in partners:
            records.append(_merge(l, r))
            matched += 1
        if partners:
            used.add(k)
        elif how in ("left", "outer"):
            records.append(dict(l))
    if how == "outer":
        records.extend(dict(r) for r in right if _key(r, on) not in used)
    return {"records": records, "matched": matched}
