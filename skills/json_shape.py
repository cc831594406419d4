"""Summarize the structure of a JSON document without printing its data."""
import json


def shape(doc, max_depth=6, max_keys=30):
    """A compact description: dicts as {key: shape}, lists as [shape of first item, 'xN'], scalars as type names."""
    def walk(value, depth):
        if isinstance(value, dict):
            if depth >= max_depth:
                return "object(%d keys)" % len(value)
            keys = list(value)[:max_keys]
            out = {k: walk(value[k], depth + 1) for k in keys}
            if len(value) > max_keys:
                out["..."] = "%d more keys" % (len(value) - max_keys)
            return out
        if isinstance(value, list):
            if not value:
                return "array(empty)"
            if depth >= max_depth:
                return "array(%d)" % len(value)
            return [walk(value[0], depth + 1), "x%d" % len(value)]
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "boolean"
        if isinstance(value, (int, float)):
            return "number"
        return "string"
    return walk(doc, 0)


def describe(text_or_doc, max_depth=6):
    """The shape as indented JSON text; accepts a parsed document or JSON text."""
    doc = json.loads(text_or_doc) if isinstance(text_or_doc, (str, bytes)) else text_or_doc
    return json.dumps(shape(doc, max_depth), indent=2)
