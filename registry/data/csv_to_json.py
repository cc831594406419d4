"""Convert CSV (file or text) to a list of JSON objects, with optional type inference."""
import csv
import io
import os
import re

MAX_BYTES = 50 * 1024 * 1024
_INT = re.compile(r"^[+-]?\d{1,18}$")
_NUM = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def _convert(value):
    v = value.strip()
    if v == "":
        return None
    digits = v.lstrip("+-")
    if len(digits) > 1 and digits[0] == "0" and digits[1] != ".":
        return value  # leading zeros (zip codes, ids) are identifiers, not numbers
    if _INT.match(v):
        return int(v)
    if _NUM.match(v):
        return float(v)
    if v.lower() in ("true", "false"):
        return v.lower() == "true"
    return value


def run(path=None, text=None, delimiter=",", infer_types=True, limit=10000, offset=0):
    if (path is None) == (text is None):
        raise ValueError("path: give exactly one of 'path' (workspace CSV file) or 'text' (CSV content)")
    if not isinstance(delimiter, str) or len(delimiter) != 1:
        raise ValueError("delimiter: must be exactly one character")
    if not isinstance(limit, int) or not 1 <= limit <= 100000:
        raise ValueError("limit: must be an integer between 1 and 100000")
    if not isinstance(offset, int) or offset < 0:
        raise ValueError("offset: must be a non-negative integer")
    if path is not None:
        p = _workspace_path(path, "path")
        if os.path.getsize(p) > MAX_BYTES:
            raise ValueError(f"path: file is larger than the limit of {MAX_BYTES} bytes")
        with open(p, encoding="utf-8-sig", newline="") as f:
            text = f.read()
    elif not isinstance(text, str):
        raise ValueError("text: must be a string")
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = next(reader, None)
    if header is None:
        return {"columns": [], "rows": [], "row_count": 0, "returned": 0, "truncated": False}
    columns = [h.strip() or f"column_{i + 1}" for i, h in enumerate(header)]
    rows, total = [], 0
    for record in reader:
        if not record:
            continue
        total += 1
        if total <= offset or len(rows) >= limit:
            continue
        values = (record + [""] * len(columns))[:len(columns)]
        rows.append({c: (_convert(v) if infer_types else v) for c, v in zip(columns, values)})
    return {"columns": columns, "rows": rows, "row_count": total, "returned": len(rows),
            "truncated": offset + len(rows) < total}
