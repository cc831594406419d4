"""Flatten nested JSON into dotted keys, or unflatten dotted keys back into nested JSON."""
import re

_INDEX = re.compile(r"^\d+$")


def _flatten(value, prefix, sep, out, depth):
    if depth > 100:
        raise ValueError("data: nested deeper than 100 levels")
    if isinstance(value, dict) and value:
        for k, v in value.items():
            _flatten(v, f"{prefix}{sep}{k}" if prefix else str(k), sep, out, depth + 1)
    elif isinstance(value, list) and value:
        for i, v in enumerate(value):
            _flatten(v, f"{prefix}{sep}{i}" if prefix else str(i), sep, out, depth + 1)
    else:
        out[prefix] = value


def _listify(node):
    if isinstance(node, dict):
        for k in node:
            node[k] = _listify(node[k])
        keys = list(node)
        if keys and all(_INDEX.match(k) for k in keys) and sorted(int(k) for k in keys) == list(range(len(keys))):
            return [node[str(i)] for i in range(len(keys))]
    return node


def _unflatten(data, sep):
    root = {}
    for key, value in data.items():
        parts = str(key).split(sep)
        node = root
        for part in parts[:-1]:
            child = node.setdefault(part, {})
            if not isinstance(child, dict):
                raise ValueError(f"data: key '{key}' conflicts with a scalar at '{part}'")
            node = child
        if isinstance(node.get(parts[-1]), dict):
            raise ValueError(f"data: key '{key}' conflicts with nested keys below it")
        node[parts[-1]] = value
    return _listify(root)


def run(data, separator=".", unflatten=False):
    if not isinstance(separator, str) or not 1 <= len(separator) <= 5:
        raise ValueError("separator: must be 1 to 5 characters")
    if unflatten:
        if not isinstance(data, dict):
            raise ValueError("data: must be an object of flat keys when unflatten is true")
        result = _unflatten(data, separator)
        return {"result": result}
    out = {}
    _flatten(data, "", separator, out, 0)
    return {"result": out, "keys": len(out)}
