"""Find all matches of a regular expression in text or a workspace file, with named and numbered groups."""
import os
import re

MAX_PATTERN = 1000
MAX_BYTES = 10 * 1024 * 1024
FLAGS = {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL, "x": re.VERBOSE}


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def run(pattern, text=None, path=None, flags="", max_matches=1000, unique=False):
    if not isinstance(pattern, str) or not pattern:
        raise ValueError("pattern: must be a non-empty regular expression")
    if len(pattern) > MAX_PATTERN:
        raise ValueError(f"pattern: longer than the limit of {MAX_PATTERN} characters")
    if not isinstance(flags, str) or any(c not in FLAGS for c in flags):
        raise ValueError("flags: may only contain i (ignore case), m (multiline), s (dot matches newline), x (verbose)")
    if not isinstance(max_matches, int) or not 1 <= max_matches <= 100000:
        raise ValueError("max_matches: must be an integer between 1 and 100000")
    if (text is None) == (path is None):
        raise ValueError("text: give exactly one of 'text' or 'path' (workspace file)")
    if path is not None:
        p = _workspace_path(path, "path")
        if os.path.getsize(p) > MAX_BYTES:
            raise ValueError(f"path: file is larger than the limit of {MAX_BYTES} bytes")
        with open(p, encoding="utf-8", errors="replace") as f:
            text = f.read()
    elif not isinstance(text, str):
        raise ValueError("text: must be a string")
    compiled_flags = 0
    for c in flags:
        compiled_flags |= FLAGS[c]
    try:
        regex = re.compile(pattern, compiled_flags)
    except re.error as e:
        raise ValueError(f"pattern: invalid regular expression: {e}") from None
    matches, seen, truncated = [], set(), False
    for m in regex.finditer(text):
        if unique:
            if m.group(0) in seen:
                continue
            seen.add(m.group(0))
        if len(matches) >= max_matches:
            truncated = True
            break
        item = {"match": m.group(0), "start": m.start(), "end": m.end()}
        if regex.groupindex:
            item["named"] = m.groupdict()
        if regex.groups:
            item["groups"] = list(m.groups())
        matches.append(item)
    return {"matches": matches, "count": len(matches), "truncated": truncated}
