"""Decode percent-encoded text, or split a URL into scheme, host, port, path, query parameters and fragment."""
import urllib.parse


def run(text, plus_as_space=True, parse_url=False):
    if not isinstance(text, str):
        raise ValueError("text: must be a string")
    if len(text) > 100000:
        raise ValueError("text: longer than the limit of 100000 characters")
    decode = urllib.parse.unquote_plus if plus_as_space else urllib.parse.unquote
    if not parse_url:
        result = {"decoded": decode(text)}
        if "=" in text and "://" not in text:
            result["params"] = _params(text.lstrip("?"))
        return result
    parts = urllib.parse.urlsplit(text.strip())
    try:
        port = parts.port
    except ValueError:
        raise ValueError("text: the URL has an invalid port") from None
    return {"decoded": decode(text), "scheme": parts.scheme, "username": parts.username, "host": parts.hostname,
            "port": port, "path": urllib.parse.unquote(parts.path), "query": parts.query,
            "params": _params(parts.query), "fragment": urllib.parse.unquote(parts.fragment)}


def _params(query):
    """Query parameters; a name that repeats maps to the list of its values."""
    params = {}
    for key, value in urllib.parse.parse_qsl(query, keep_blank_values=True):
        params.setdefault(key, []).append(value)
    return {k: v[0] if len(v) == 1 else v for k, v in params.items()}
