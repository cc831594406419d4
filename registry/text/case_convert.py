"""Convert identifiers between naming styles (snake, camel, pascal, kebab, constant, title)."""
import re

_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SEPARATORS = re.compile(r"[\s_\-.]+")
_MAX_ITEMS = 10000


def _words(s):
    return [w.lower() for w in _SEPARATORS.split(_BOUNDARY.sub(" ", s)) if w]


def _join(words, to):
    if to == "snake":
        return "_".join(words)
    if to == "kebab":
        return "-".join(words)
    if to == "constant":
        return "_".join(words).upper()
    if to == "title":
        return " ".join(w.capitalize() for w in words)
    if to == "pascal":
        return "".join(w.capitalize() for w in words)
    return "".join([words[0]] + [w.capitalize() for w in words[1:]]) if words else ""


def run(text, to):
    if to not in ("snake", "camel", "pascal", "kebab", "constant", "title"):
        raise ValueError("to: must be one of snake, camel, pascal, kebab, constant, title")
    if isinstance(text, str):
        return {"result": _join(_words(text), to)}
    if not isinstance(text, list) or not all(isinstance(t, str) for t in text):
        raise TypeError("text: must be a string or a list of strings")
    if len(text) > _MAX_ITEMS:
        raise ValueError(f"text: at most {_MAX_ITEMS} strings")
    return {"result": [_join(_words(t), to) for t in text]}
