"""Render a workspace directory as an indented tree, with depth and entry limits."""
import os
import re


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def run(path=".", max_depth=3, max_entries=500, include_hidden=False, show_sizes=False):
    base = _workspace_path(path, "path")
    if not os.path.isdir(base):
        raise ValueError(f"path: '{path}' is not a directory in the workspace")
    if not isinstance(max_depth, int) or not 1 <= max_depth <= 20:
        raise ValueError("max_depth: must be an integer between 1 and 20")
    if not isinstance(max_entries, int) or not 1 <= max_entries <= 10000:
        raise ValueError("max_entries: must be an integer between 1 and 10000")
    lines = [path.rstrip("/") + "/"]
    counts = {"directories": 0, "files": 0, "truncated": False}

    def walk(directory, prefix, depth):
        try:
            entries = sorted(os.scandir(directory), key=lambda e: (not e.is_dir(), e.name))
        except OSError:
            return
        entries = [e for e in entries if include_hidden or not e.name.startswith(".")]
        for i, entry in enumerate(entries):
            if counts["directories"] + counts["files"] >= max_entries:
                counts["truncated"] = True
                return
            last = i == len(entries) - 1
            branch, extend = ("└── ", "    ") if last else ("├── ", "│   ")
            if entry.is_dir():
                counts["directories"] += 1
                lines.append(f"{prefix}{branch}{entry.name}/")
                if depth < max_depth:
                    walk(entry.path, prefix + extend, depth + 1)
                elif any(True for _ in os.scandir(entry.path)):
                    lines.append(f"{prefix}{extend}…")
            else:
                counts["files"] += 1
                size = f" ({entry.stat().st_size} B)" if show_sizes else ""
                lines.append(f"{prefix}{branch}{entry.name}{size}")

    walk(base, "", 1)
    return {"tree": "\n".join(lines), **counts}
