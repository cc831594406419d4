"""Query JSON with a JSONPath-like expression: keys, indexes, slices, wildcards, recursive descent, filters."""
import json
import os
import re

MAX_BYTES = 20 * 1024 * 1024
MAX_QUERY = 500
_TOKEN = re.compile(r"""
    \.\.(?P<deep>[A-Za-z_$][\w$-]*|\*)          # ..key or ..*
  | \.(?P<key>[A-Za-z_$][\w$-]*|\*)             # .key or .*
  | \[\s*(?P<quoted>'[^']*'|"[^"]*")\s*\]       # ['key with spaces']
  | \[\s*(?P<slice>-?\d*\s*:\s*-?\d*)\s*\]      # [1:3]
  | \[\s*(?P<index>-?\d+)\s*\]                  # [0] or [-1]
  | \[\s*\*\s*\](?P<star>)                      # [*]
  | \[\s*\?\(\s*@\.(?P<field>[\w.$-]+)\s*(?:(?P<op>==|!=|>=|<=|>|<)\s*(?P<value>'[^']*'|"[^"]*"|[^)\s]+))?\s*\)\s*\]
""", re.VERBOSE)


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def _parse(query):
    q = query.strip()
    if q.startswith("$"):
        q = q[1:]
    if q and q[0] not in ".[":
        q = "." + q
    steps, pos = [], 0
    while pos < len(q):
        m = _TOKEN.match(q, pos)
        if not m:
            raise ValueError(f"query: cannot parse at position {pos}: {q[pos:pos + 20]!r}")
        steps.append(m)
        pos = m.end()
    return steps


def _children(node):
    if isinstance(node, dict):
        return list(node.values())
    if isinstance(node, list):
        return list(node)
    return []


def _descend(node):
    yield node
    for child in _children(node):
        yield from _descend(child)


def _get_field(node, dotted):
    for part in dotted.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return _MISSING
    return node


_MISSING = object()


def _literal(text):
    if text[0] in "'\"":
        return text[1:-1]
    try:
        return json.loads(text)
    except ValueError:
        return text


_OPS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, ">": lambda a, b: a > b,
        ">=": lambda a, b: a >= b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b}


def _compare(left, op, right):
    try:
        return _OPS[op](left, right)
    except TypeError:
        return False  # e.g. a string compared with a number: not a match


def _apply(step, nodes):
    out = []
    g = step.groupdict()
    for node in nodes:
        if g["deep"] is not None:
            for d in _descend(node):
                if g["deep"] == "*":
                    out.extend(_children(d))
                elif isinstance(d, dict) and g["deep"] in d:
                    out.append(d[g["deep"]])
        elif g["key"] is not None or g["quoted"] is not None:
            key = g["key"] if g["key"] is not None else g["quoted"][1:-1]
            if key == "*" and g["key"] is not None:
                out.extend(_children(node))
            elif isinstance(node, dict) and key in node:
                out.append(node[key])
        elif g["index"] is not None:
            i = int(g["index"])
            if isinstance(node, list) and -len(node) <= i < len(node):
                out.append(node[i])
        elif g["slice"] is not None:
            if isinstance(node, list):
                a, b = [s.strip() for s in g["slice"].split(":")]
                out.extend(node[int(a) if a else None:int(b) if b else None])
        elif g["star"] is not None:
            out.extend(_children(node))
        elif g["field"] is not None:
            for child in _children(node):
                v = _get_field(child, g["field"])
                if v is _MISSING:
                    continue
                if g["op"] is None or _compare(v, g["op"], _literal(g["value"])):
                    out.append(child)
    return out


def run(query, data=None, path=None, first=False):
    if not isinstance(query, str) or not query.strip():
        raise ValueError("query: must be a non-empty string such as '$.items[*].name'")
    if len(query) > MAX_QUERY:
        raise ValueError(f"query: longer than the limit of {MAX_QUERY} characters")
    if (data is None) == (path is None):
        raise ValueError("data: give exactly one of 'data' (a JSON value) or 'path' (workspace JSON file)")
    if path is not None:
        p = _workspace_path(path, "path")
        if os.path.getsize(p) > MAX_BYTES:
            raise ValueError(f"path: file is larger than the limit of {MAX_BYTES} bytes")
        with open(p, encoding="utf-8") as f:
            data = json.load(f)
    elif isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            pass
    nodes = [data]
    for step in _parse(query):
        nodes = _apply(step, nodes)
    if first:
        return {"value": nodes[0] if nodes else None, "found": bool(nodes)}
    return {"matches": nodes, "count": len(nodes)}
