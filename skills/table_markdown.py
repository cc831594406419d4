"""Render records (a list of dicts) as a Markdown table."""


def _cell(value):
    text = "" if value is None else str(value)
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def to_markdown(rows, columns=None, max_rows=None):
    """A Markdown table of `rows`; columns default to the keys in order of first appearance."""
    if columns is None:
        columns = []
        for row in rows:
            for key in row:
                if key not in columns:
                    columns.append(key)
    shown = rows if max_rows is None else rows[:max_rows]
    lines = ["| " + " | ".join(_cell(c) for c in columns) + " |",
             "| " + " | ".join("---" for _ in columns) + " |"]
    for row in shown:
        lines.append("| " + " | ".join(_cell(row.get(c)) for c in columns) + " |")
    if len(shown) < len(rows):
        lines.append("")
        lines.append("(%d more rows)" % (len(rows) - len(shown)))
    return "\n".join(lines)
