"""Render rows (objects or lists) as a GitHub-flavoured Markdown table."""


def _cell(value, max_width):
    if value is None:
        text = ""
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, float) and value.is_integer():
        text = str(int(value)) if abs(value) < 1e15 else repr(value)
    else:
        text = str(value)
    text = text.replace("\r\n", " ").replace("\n", " ").replace("|", "\\|")
    if max_width and len(text) > max_width:
        text = text[:max_width - 1] + "…"
    return text


def run(rows, columns=None, align=None, max_width=60, max_rows=500):
    if not isinstance(rows, list):
        raise ValueError("rows: must be a list of objects or a list of lists")
    if not isinstance(max_width, int) or not 0 <= max_width <= 10000:
        raise ValueError("max_width: must be an integer between 0 (no limit) and 10000")
    if not isinstance(max_rows, int) or not 1 <= max_rows <= 100000:
        raise ValueError("max_rows: must be an integer between 1 and 100000")
    if columns is not None and (not isinstance(columns, list) or not all(isinstance(c, str) for c in columns)):
        raise ValueError("columns: must be a list of column names")
    if rows and all(isinstance(r, dict) for r in rows):
        if columns is None:
            columns = []
            for r in rows:
                columns.extend(k for k in r if k not in columns)
        body = [[r.get(c) for c in columns] for r in rows]
    elif all(isinstance(r, list) for r in rows):
        if columns is None:
            if not rows:
                raise ValueError("columns: required when rows is an empty list")
            columns, body = [str(c) for c in rows[0]], rows[1:]
        else:
            body = rows
    else:
        raise ValueError("rows: mix of objects and lists; use one shape")
    width = len(columns)
    if align is None:
        align = {}
    if not isinstance(align, dict) or any(v not in ("left", "right", "center") for v in align.values()):
        raise ValueError("align: must map column names to left, right or center")
    shown = body[:max_rows]
    rules = {"left": ":---", "right": "---:", "center": ":---:"}
    lines = ["| " + " | ".join(_cell(c, max_width) for c in columns) + " |",
             "| " + " | ".join(rules.get(align.get(c), "---") for c in columns) + " |"]
    for r in shown:
        cells = (list(r) + [None] * width)[:width]
        lines.append("| " + " | ".join(_cell(v, max_width) for v in cells) + " |")
    return {"markdown": "\n".join(lines), "rows": len(shown), "columns": columns,
            "truncated": len(body) > len(shown)}
