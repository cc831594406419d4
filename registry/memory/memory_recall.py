"""Find notes in the workspace memory by key, tag or a free-text query, best matches first."""
import json
import os
import re

STORE = os.path.join(".memory", "notes.json")
_WORD = re.compile(r"[^\W_]+")
STOPWORDS = frozenset("a an and are as at be by do does for from how i in is it me my of on or the this to was "
                      "we what when where which who why with you".split())


def _load():
    if not os.path.exists(STORE):
        return {}
    with open(STORE, encoding="utf-8") as f:
        try:
            data = json.load(f)
        except ValueError:
            raise ValueError(f"store: {STORE} is not valid JSON; fix or delete it") from None
    return data.get("notes", {}) if isinstance(data, dict) else {}


def _words(text):
    return [w.lower() for w in _WORD.findall(text)]


def _hits(term, words):
    # A term also matches longer forms of itself (deploy -> deployed, deploying).
    return sum(1 for w in words if w == term or (len(term) >= 4 and w.startswith(term)))


def run(query=None, key=None, tag=None, limit=5):
    if query is None and key is None and tag is None:
        raise ValueError("query: give a query, a key or a tag")
    if not isinstance(limit, int) or not 1 <= limit <= 100:
        raise ValueError("limit: must be an integer between 1 and 100")
    notes = _load()
    if key is not None:
        if not isinstance(key, str):
            raise ValueError("key: must be a string")
        note = notes.get(key.strip())
        found = [] if note is None else [dict(note, key=key.strip(), score=1.0)]
        return {"notes": found, "count": len(found)}
    terms = []
    if query is not None:
        if not isinstance(query, str) or not query.strip():
            raise ValueError("query: must be a non-empty string")
        terms = [t for t in _words(query) if t not in STOPWORDS] or _words(query)
    scored = []
    for k, note in notes.items():
        tags = [t.lower() for t in note.get("tags", [])]
        if tag is not None and tag.strip().lower() not in tags:
            continue
        score = 1.0
        if terms:
            key_words, tag_words, text_words = _words(k), _words(" ".join(tags)), _words(note.get("text", ""))
            score = 0.0
            for t in terms:
                score += 3 * _hits(t, key_words) + 2 * _hits(t, tag_words) + min(_hits(t, text_words), 3)
            if score == 0:
                continue
        scored.append((score, note.get("updated", ""), k, note))
    scored.sort(key=lambda s: s[2])
    scored.sort(key=lambda s: s[1], reverse=True)
    scored.sort(key=lambda s: s[0], reverse=True)  # stable: best score first, newest first among equals
    found = [dict(note, key=k, score=score) for score, _, k, note in scored[:limit]]
    return {"notes": found, "count": len(found), "total_matches": len(scored)}
