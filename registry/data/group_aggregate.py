"""Group rows by one or more keys and compute sum/count/mean/min/max/count_distinct per group."""
import csv
import io
import json
import os
import re

MAX_BYTES = 50 * 1024 * 1024
OPS = ("sum", "count", "mean", "min", "max", "count_distinct")


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def _load_rows(rows, path):
    if (rows is None) == (path is None):
        raise ValueError("rows: give exactly one of 'rows' (list of objects) or 'path' (workspace CSV or JSON file)")
    if path is not None:
        p = _workspace_path(path, "path")
        if os.path.getsize(p) > MAX_BYTES:
            raise ValueError(f"path: file is larger than the limit of {MAX_BYTES} bytes")
        with open(p, encoding="utf-8-sig", newline="") as f:
            content = f.read()
        rows = json.loads(content) if p.lower().endswith(".json") else list(csv.DictReader(io.StringIO(content)))
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ValueError("rows: must be a list of objects")
    return rows


def _number(value):
    if isinstance(value, bool) or value is None or value == "":
        return None
    if isinstance(value, (int, float)):
        return value
    try:
        f = float(str(value).strip())
    except ValueError:
        return None
    return int(f) if f.is_integer() and re.match(r"^[+-]?\d+$", str(value).strip()) else f


def _metric(op, values):
    if op == "count":
        return len(values)
    if op == "count_distinct":
        return len({json.dumps(v, sort_keys=True) for v in values if v not in (None, "")})
    nums = [n for n in (_number(v) for v in values) if n is not None]
    if not nums:
        return None
    if op == "sum":
        s = sum(nums)
        return round(s, 10) if isinstance(s, float) else s
    if op == "mean":
        return round(sum(nums) / len(nums), 10)
    return min(nums) if op == "min" else max(nums)


def run(by, metrics, rows=None, path=None, sort_by=None, descending=False, limit=1000):
    data = _load_rows(rows, path)
    if isinstance(by, str):
        by = [by]
    if not isinstance(by, list) or not all(isinstance(k, str) for k in by):
        raise ValueError("by: must be a field name or a list of field names")
    if not isinstance(metrics, list) or not metrics:
        raise ValueError("metrics: must be a non-empty list of {field, op, as?}")
    specs = []
    for i, m in enumerate(metrics):
        if not isinstance(m, dict) or m.get("op") not in OPS:
            raise ValueError(f"metrics[{i}].op: must be one of {', '.join(OPS)}")
        if m["op"] != "count" and not isinstance(m.get("field"), str):
            raise ValueError(f"metrics[{i}].field: required for op '{m['op']}'")
        name = m.get("as") or (m["op"] if m["op"] == "count" and "field" not in m else f"{m['op']}_{m['field']}")
        specs.append((name, m.get("field"), m["op"]))
    if not isinstance(limit, int) or not 1 <= limit <= 100000:
        raise ValueError("limit: must be an integer between 1 and 100000")
    groups = {}
    for r in data:
        key = tuple(r.get(k) for k in by)
        groups.setdefault(json.dumps(key, default=str), (key, []))[1].append(r)
    out = []
    for key, members in groups.values():
        row = dict(zip(by, key))
        for name, field, op in specs:
            values = members if field is None else [m.get(field) for m in members]
            row[name] = _metric(op, values)
        out.append(row)
    if sort_by is not None:
        if out and sort_by not in out[0]:
            raise ValueError(f"sort_by: '{sort_by}' is neither a group key nor a metric name")
        # Numbers sort before text so a column mixing both cannot raise TypeError.
        present = sorted((r for r in out if r[sort_by] is not None),
                         key=lambda r: (isinstance(r[sort_by], str), r[sort_by]), reverse=descending)
        out = present + [r for r in out if r[sort_by] is None]
    else:
        out.sort(key=lambda r: json.dumps([r[k] for k in by], default=str))
    return {"groups": out[:limit], "group_count": len(out), "row_count": len(data)}
