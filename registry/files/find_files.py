"""Find workspace files by glob pattern, with size and modification time."""
import datetime
import fnmatch
import os
import re


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def _glob_regex(pattern):
    """fnmatch-style glob where ** spans directories and * stays within one path segment."""
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            j = pattern.find("]", i + 1)
            if j < 0:
                out.append(re.escape(c))
            else:
                body = pattern[i + 1:j].replace("\\", "\\\\")
                out.append("[" + ("^" + body[1:] if body.startswith("!") else body) + "]")
                i = j
        else:
            out.append(re.escape(c))
        i += 1
    return re.compile("^" + "".join(out) + "$")


def run(pattern="**/*", path=".", max_results=1000, include_hidden=False, include_dirs=False, sort="path"):
    if not isinstance(pattern, str) or not pattern or len(pattern) > 500:
        raise ValueError("pattern: must be a glob of 1 to 500 characters, e.g. '**/*.csv'")
    if pattern.startswith("/") or ".." in pattern.split("/"):
        raise ValueError("pattern: must be relative, without '..'")
    base = _workspace_path(path, "path")
    if not os.path.isdir(base):
        raise ValueError(f"path: '{path}' is not a directory in the workspace")
    if not isinstance(max_results, int) or not 1 <= max_results <= 100000:
        raise ValueError("max_results: must be an integer between 1 and 100000")
    if sort not in ("path", "size", "modified"):
        raise ValueError("sort: must be path, size or modified")
    regex = _glob_regex(pattern)
    # A bare name pattern such as '*.py' matches at any depth, as most people expect.
    if "/" not in pattern:
        regex = _glob_regex("**/" + pattern)
    found = []
    for root, dirs, files in os.walk(base):
        dirs.sort()
        if not include_hidden:
            dirs[:] = [d for d in dirs if not d.startswith(".")]
        rel_root = os.path.relpath(root, base).replace(os.sep, "/")
        names = [(f, False) for f in files] + ([(d, True) for d in dirs] if include_dirs else [])
        for name, is_dir in names:
            if not include_hidden and name.startswith("."):
                continue
            rel = name if rel_root == "." else f"{rel_root}/{name}"
            if regex.match(rel):
                full = os.path.join(root, name)
                st = os.stat(full)
                shown = rel if base == "." else f"{base.replace(os.sep, '/')}/{rel}"
                found.append({"path": shown, "type": "dir" if is_dir else "file",
                              "size": 0 if is_dir else st.st_size,
                              "modified": datetime.datetime.fromtimestamp(st.st_mtime, datetime.timezone.utc)
                              .replace(microsecond=0).isoformat()})
    if sort == "path":
        found.sort(key=lambda f: f["path"])
    else:
        found.sort(key=lambda f: f[sort], reverse=True)
    return {"files": found[:max_results], "count": len(found[:max_results]), "total": len(found),
            "truncated": len(found) > max_results}
