"""First or last lines of a workspace text file, without reading the whole file into the result."""
import collections
import os
import re


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def run(path, lines=20, tail=False, start_line=None, max_line_chars=1000):
    p = _workspace_path(path, "path")
    if not os.path.isfile(p):
        raise ValueError(f"path: '{path}' is not a file in the workspace")
    if not isinstance(lines, int) or not 1 <= lines <= 10000:
        raise ValueError("lines: must be an integer between 1 and 10000")
    if start_line is not None and (not isinstance(start_line, int) or start_line < 1):
        raise ValueError("start_line: must be a positive integer (1-based)")
    if start_line is not None and tail:
        raise ValueError("tail: cannot be combined with start_line")
    first = 1 if start_line is None else start_line
    kept = collections.deque(maxlen=lines) if tail else []
    total = 0
    with open(p, encoding="utf-8", errors="replace") as f:
        for total, line in enumerate(f, start=1):
            if tail or (first <= total < first + lines):
                kept.append(line.rstrip("\r\n")[:max_line_chars])
    kept = list(kept)
    shown_from = max(1, total - len(kept) + 1) if tail else first
    return {"lines": kept, "first_line": shown_from if kept else 0, "total_lines": total,
            "size": os.path.getsize(p), "more": (shown_from > 1 if tail else first + len(kept) - 1 < total)}
