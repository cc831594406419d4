"""Hex dump (offset, hex bytes, ASCII column) of text or the start of a workspace file."""
import os
import re


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def run(text=None, path=None, offset=0, max_bytes=256, width=16, encoding="utf-8"):
    if (text is None) == (path is None):
        raise ValueError("text: give exactly one of 'text' or 'path' (workspace file)")
    if not isinstance(max_bytes, int) or not 1 <= max_bytes <= 65536:
        raise ValueError("max_bytes: must be an integer between 1 and 65536")
    if width not in (8, 16, 32):
        raise ValueError("width: must be 8, 16 or 32")
    if not isinstance(offset, int) or offset < 0:
        raise ValueError("offset: must be a non-negative integer")
    if path is not None:
        p = _workspace_path(path, "path")
        if not os.path.isfile(p):
            raise ValueError(f"path: '{path}' is not a file in the workspace")
        total = os.path.getsize(p)
        with open(p, "rb") as f:
            f.seek(offset)
            data = f.read(max_bytes)
    else:
        if not isinstance(text, str):
            raise ValueError("text: must be a string")
        try:
            raw = text.encode(encoding)
        except LookupError:
            raise ValueError(f"encoding: unknown text encoding '{encoding}'") from None
        total = len(raw)
        data = raw[offset:offset + max_bytes]
    lines = []
    for i in range(0, len(data), width):
        chunk = data[i:i + width]
        hexes = " ".join(f"{b:02x}" for b in chunk).ljust(width * 3 - 1)
        ascii_col = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{offset + i:08x}  {hexes}  |{ascii_col}|")
    return {"dump": "\n".join(lines), "hex": data.hex(), "shown": len(data), "total_bytes": total,
            "truncated": offset + len(data) < total}
