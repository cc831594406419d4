"""Search workspace files for a regular expression or fixed string, line by line."""
import os
import re

MAX_FILE_BYTES = 5 * 1024 * 1024


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def _glob_regex(pattern):
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        c = pattern[i]
        out.append("[^/]*" if c == "*" else "[^/]" if c == "?" else re.escape(c))
        i += 1
    return re.compile("^" + "".join(out) + "$")


def _files(base, include):
    if os.path.isfile(base):
        yield base, base.replace(os.sep, "/")
        return
    regex = _glob_regex(include if "/" in include else "**/" + include)
    for root, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.startswith("."):
                continue
            full = os.path.join(root, name)
            rel = os.path.relpath(full, base).replace(os.sep, "/")
            if regex.match(rel):
                yield full, os.path.normpath(full).replace(os.sep, "/")


def run(pattern, path=".", include="*", ignore_case=False, fixed_string=False, max_matches=200, context=0):
    if not isinstance(pattern, str) or not pattern or len(pattern) > 1000:
        raise ValueError("pattern: must be 1 to 1000 characters")
    base = _workspace_path(path, "path")
    if not os.path.exists(base):
        raise ValueError(f"path: '{path}' does not exist in the workspace")
    if not isinstance(include, str) or not include or include.startswith("/") or ".." in include.split("/"):
        raise ValueError("include: must be a relative glob such as '*.py' or 'src/**/*.java'")
    if not isinstance(max_matches, int) or not 1 <= max_matches <= 10000:
        raise ValueError("max_matches: must be an integer between 1 and 10000")
    if not isinstance(context, int) or not 0 <= context <= 10:
        raise ValueError("context: must be an integer between 0 and 10")
    try:
        regex = re.compile(re.escape(pattern) if fixed_string else pattern, re.IGNORECASE if ignore_case else 0)
    except re.error as e:
        raise ValueError(f"pattern: invalid regular expression: {e}") from None
    matches, searched, skipped, truncated = [], 0, 0, False
    for full, shown in _files(base, include):
        if truncated:
            break
        if os.path.getsize(full) > MAX_FILE_BYTES:
            skipped += 1
            continue
        with open(full, "rb") as f:
            data = f.read()
        if b"\0" in data[:4096]:
            skipped += 1  # binary
            continue
        searched += 1
        lines = data.decode("utf-8", errors="replace").splitlines()
        for n, line in enumerate(lines):
            if regex.search(line):
                if len(matches) >= max_matches:
                    truncated = True
                    break
                hit = {"path": shown, "line": n + 1, "text": line[:500]}
                if context:
                    hit["before"] = lines[max(0, n - context):n]
                    hit["after"] = lines[n + 1:n + 1 + context]
                matches.append(hit)
    return {"matches": matches, "count": len(matches), "files_searched": searched, "files_skipped": skipped,
            "truncated": truncated}
