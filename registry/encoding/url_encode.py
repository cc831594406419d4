"""Percent-encode text for URLs, or build a query string from parameters."""
import urllib.parse


def run(text=None, params=None, mode="component", safe=""):
    if (text is None) == (params is None):
        raise ValueError("text: give exactly one of 'text' (a string) or 'params' (object for a query string)")
    if mode not in ("component", "path", "form"):
        raise ValueError("mode: must be component, path or form")
    if not isinstance(safe, str):
        raise ValueError("safe: must be a string of characters to leave unencoded")
    if params is not None:
        if not isinstance(params, dict):
            raise ValueError("params: must be an object of names to values (a list value repeats the name)")
        pairs = []
        for key, value in params.items():
            for v in (value if isinstance(value, list) else [value]):
                if isinstance(v, (dict, list)):
                    raise ValueError(f"params.{key}: values must be scalars or lists of scalars")
                v = "" if v is None else ("true" if v is True else "false" if v is False else v)
                pairs.append((key, str(v)))
        quote = urllib.parse.quote if mode != "form" else urllib.parse.quote_plus
        return {"encoded": urllib.parse.urlencode(pairs, quote_via=quote, safe=safe)}
    if not isinstance(text, str):
        raise ValueError("text: must be a string")
    if mode == "form":
        return {"encoded": urllib.parse.quote_plus(text, safe=safe)}
    return {"encoded": urllib.parse.quote(text, safe=safe + ("/" if mode == "path" else ""))}
