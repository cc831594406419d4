"""Unified diff between two texts or two workspace files, with added/removed line counts."""
import difflib
import os
import re

MAX_BYTES = 10 * 1024 * 1024


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def _side(text, path, field):
    if (text is None) == (path is None):
        raise ValueError(f"{field}: give exactly one of '{field}' (text) or '{field}_path' (workspace file)")
    if path is not None:
        p = _workspace_path(path, f"{field}_path")
        if os.path.getsize(p) > MAX_BYTES:
            raise ValueError(f"{field}_path: file is larger than the limit of {MAX_BYTES} bytes")
        with open(p, encoding="utf-8", errors="replace") as f:
            return f.read(), path
    if not isinstance(text, str):
        raise ValueError(f"{field}: must be a string")
    return text, field


def run(a=None, b=None, a_path=None, b_path=None, context=3, a_label=None, b_label=None, ignore_whitespace=False):
    old, old_name = _side(a, a_path, "a")
    new, new_name = _side(b, b_path, "b")
    if not isinstance(context, int) or not 0 <= context <= 1000:
        raise ValueError("context: must be an integer between 0 and 1000")
    old_lines = old.splitlines(keepends=True)
    new_lines = new.splitlines(keepends=True)
    for lines in (old_lines, new_lines):
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
    if ignore_whitespace:
        norm = lambda lines: [" ".join(l.split()) + "\n" for l in lines]
        matcher_old, matcher_new = norm(old_lines), norm(new_lines)
    else:
        matcher_old, matcher_new = old_lines, new_lines
    diff = list(difflib.unified_diff(matcher_old, matcher_new, fromfile=a_label or old_name,
                                     tofile=b_label or new_name, n=context))
    added = sum(1 for l in diff if l.startswith("+") and not l.startswith("+++"))
    removed = sum(1 for l in diff if l.startswith("-") and not l.startswith("---"))
    hunks = sum(1 for l in diff if l.startswith("@@"))
    return {"diff": "".join(diff), "added": added, "removed": removed, "hunks": hunks, "identical": not diff}
