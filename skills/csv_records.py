"""Load CSV text or a CSV file into a list of dicts, converting numbers and booleans."""
import csv
import io


def convert(value):
    """Turn '42' into 42, '3.5' into 3.5, 'true'/'false' into booleans and '' into None; keep other text."""
    text = value.strip()
    if text == "":
        return None
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return value


def parse_csv(text, delimiter=",", types=True):
    """Records from CSV text whose first row is the header."""
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    if not types:
        return [dict(row) for row in reader]
    return [{key: convert(value or "") for key, value in row.items()} for row in reader]


def load_csv(path, delimiter=",", types=True, encoding="utf-8"):
    """Records from a CSV file (e.g. in the workspace) whose first row is the header."""
    with open(path, newline="", encoding=encoding) as f:
        return parse_csv(f.read(), delimiter=delimiter, types=types)
