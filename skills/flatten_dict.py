"""Flatten nested dicts (and lists) into one level of dotted keys, and back."""


def flatten(value, sep=".", lists=True):
    """{'a': {'b': 1}, 'c': [2]} -> {'a.b': 1, 'c.0': 2}; lists are kept whole when lists=False."""
    out = {}

    def walk(prefix, v):
        if isinstance(v, dict) and v:
            for k, child in v.items():
                walk("%s%s%s" % (prefix, sep, k) if prefix else str(k), child)
        elif lists and isinstance(v, list) and v:
            for i, child in enumerate(v):
                walk("%s%s%d" % (prefix, sep, i) if prefix else str(i), child)
        else:
            out[prefix] = v

    walk("", value)
    return out


def unflatten(flat, sep="."):
    """Inverse of flatten for dict keys: {'a.b': 1} -> {'a': {'b': 1}} (list indices stay dict keys)."""
    out = {}
    for key, v in flat.items():
        node = out
        parts = key.split(sep)
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = v
    return out
