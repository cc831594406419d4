"""Profile the columns of a CSV table: inferred type, nulls, distinct values, min/max/mean, top values."""
import csv
import io
import os
import re

MAX_BYTES = 50 * 1024 * 1024
_INT = re.compile(r"^[+-]?\d+$")
_NUM = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?")
_BOOL = {"true", "false", "yes", "no"}


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def _read_source(path, text):
    if (path is None) == (text is None):
        raise ValueError("path: give exactly one of 'path' (workspace CSV file) or 'text' (CSV content)")
    if text is not None:
        if not isinstance(text, str):
            raise ValueError("text: must be a string")
        return text
    p = _workspace_path(path, "path")
    if os.path.getsize(p) > MAX_BYTES:
        raise ValueError(f"path: file is larger than the limit of {MAX_BYTES} bytes")
    with open(p, encoding="utf-8-sig", newline="") as f:
        return f.read()


def _kind(value):
    if _INT.match(value):
        return "integer"
    if _NUM.match(value):
        return "number"
    if value.lower() in _BOOL:
        return "boolean"
    if _DATE.match(value):
        return "date"
    return "string"


def _column_type(kinds):
    if not kinds:
        return "empty"
    if kinds == {"integer"}:
        return "integer"
    if kinds <= {"integer", "number"}:
        return "number"
    if len(kinds) == 1:
        return next(iter(kinds))
    return "string"


def _num(v):
    return round(v, 6) if isinstance(v, float) else v


def run(path=None, text=None, delimiter=",", max_rows=100000, top=5):
    if not isinstance(delimiter, str) or len(delimiter) != 1:
        raise ValueError("delimiter: must be exactly one character")
    if not isinstance(max_rows, int) or not 1 <= max_rows <= 1000000:
        raise ValueError("max_rows: must be an integer between 1 and 1000000")
    if not isinstance(top, int) or not 0 <= top <= 100:
        raise ValueError("top: must be an integer between 0 and 100")
    reader = csv.reader(io.StringIO(_read_source(path, text)), delimiter=delimiter)
    header = next(reader, None)
    if header is None:
        raise ValueError("text: the CSV is empty (no header row)")
    columns = [[] for _ in header]
    rows = 0
    truncated = False
    for row in reader:
        if not row:
            continue
        if rows >= max_rows:
            truncated = True
            break
        rows += 1
        for i in range(len(header)):
            columns[i].append(row[i].strip() if i < len(row) else "")
    profiles = []
    for name, values in zip(header, columns):
        present = [v for v in values if v != "" and v.upper() not in ("NA", "N/A", "NULL", "NONE")]
        kind = _column_type({_kind(v) for v in present})
        counts = {}
        for v in present:
            counts[v] = counts.get(v, 0) + 1
        profile = {"name": name, "type": kind, "non_null": len(present), "nulls": len(values) - len(present),
                   "distinct": len(counts)}
        if kind in ("integer", "number"):
            nums = [int(v) if kind == "integer" else float(v) for v in present]
            profile.update(min=_num(min(nums)), max=_num(max(nums)), mean=round(sum(nums) / len(nums), 6))
        elif present:
            profile.update(min=min(present), max=max(present))
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
        profile["top"] = [{"value": v, "count": c} for v, c in ranked]
        profiles.append(profile)
    return {"rows": rows, "column_count": len(header), "columns": profiles, "truncated": truncated}
