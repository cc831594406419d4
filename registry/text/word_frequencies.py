"""Count word frequencies in text or a workspace file, with optional English stopword removal."""
import os
import re

MAX_BYTES = 20 * 1024 * 1024
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*|\d+(?:[.,]\d+)*")
STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her
here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not
now of off on once only or other our ours ourselves out over own same she should so some such than that the
their theirs them themselves then there these they this those through to too under until up very was we were
what when where which while who whom why will with would you your yours yourself yourselves
""".split())


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def run(text=None, path=None, top=20, stopwords=True, min_length=1, lowercase=True, extra_stopwords=None,
        include_numbers=False):
    if (text is None) == (path is None):
        raise ValueError("text: give exactly one of 'text' or 'path' (workspace file)")
    if path is not None:
        p = _workspace_path(path, "path")
        if os.path.getsize(p) > MAX_BYTES:
            raise ValueError(f"path: file is larger than the limit of {MAX_BYTES} bytes")
        with open(p, encoding="utf-8", errors="replace") as f:
            text = f.read()
    elif not isinstance(text, str):
        raise ValueError("text: must be a string")
    if not isinstance(top, int) or not 1 <= top <= 10000:
        raise ValueError("top: must be an integer between 1 and 10000")
    if not isinstance(min_length, int) or min_length < 1:
        raise ValueError("min_length: must be a positive integer")
    if extra_stopwords is not None and not isinstance(extra_stopwords, list):
        raise ValueError("extra_stopwords: must be a list of words")
    skip = set(STOPWORDS) if stopwords else set()
    skip.update(w.lower() for w in (extra_stopwords or []))
    counts, total = {}, 0
    for m in _WORD.finditer(text):
        word = m.group(0)
        if word[0].isdigit() and not include_numbers:
            continue
        total += 1
        key = word.lower() if lowercase else word
        if len(word) < min_length or word.lower() in skip:
            continue
        counts[key] = counts.get(key, 0) + 1
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
    return {"total_words": total, "counted_words": sum(counts.values()), "unique_words": len(counts),
            "top": [{"word": w, "count": c} for w, c in ranked]}
