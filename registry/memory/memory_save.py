"""Save (create or overwrite) a note in the workspace memory file .memory/notes.json."""
import datetime
import json
import os

STORE = os.path.join(".memory", "notes.json")
MAX_KEY = 200
MAX_TEXT = 100000
MAX_NOTES = 5000


def _load():
    if not os.path.exists(STORE):
        return {"version": 1, "notes": {}}
    with open(STORE, encoding="utf-8") as f:
        try:
            data = json.load(f)
        except ValueError:
            raise ValueError(f"store: {STORE} is not valid JSON; fix or delete it") from None
    if not isinstance(data, dict) or not isinstance(data.get("notes"), dict):
        raise ValueError(f"store: {STORE} does not hold a notes object")
    return data


def _save(data):
    os.makedirs(os.path.dirname(STORE), exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    temp = STORE + ".tmp"
    with open(temp, "w", encoding="utf-8") as f:
        f.write(text)
    try:
        os.replace(temp, STORE)  # readers never see a half-written file
    except OSError:
        # The sandbox's file system refuses atomic moves ("Atomic move not supported"): write in place.
        with open(STORE, "w", encoding="utf-8") as f:
            f.write(text)
        os.remove(temp)


def run(key, text, tags=None, append=False):
    if not isinstance(key, str) or not key.strip() or len(key) > MAX_KEY:
        raise ValueError(f"key: must be a non-empty string of at most {MAX_KEY} characters")
    if not isinstance(text, str) or not text.strip():
        raise ValueError("text: must be a non-empty string")
    if tags is None:
        tags = []
    if not isinstance(tags, list) or not all(isinstance(t, str) and t.strip() for t in tags) or len(tags) > 20:
        raise ValueError("tags: must be a list of at most 20 non-empty strings")
    key = key.strip()
    data = _load()
    notes = data["notes"]
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()
    existing = notes.get(key)
    if existing is None and len(notes) >= MAX_NOTES:
        raise ValueError(f"key: the memory already holds the limit of {MAX_NOTES} notes; delete some first")
    if append and existing is not None:
        text = existing["text"] + "\n" + text
        tags = existing.get("tags", []) + [t for t in tags if t not in existing.get("tags", [])]
    if len(text) > MAX_TEXT:
        raise ValueError(f"text: longer than the limit of {MAX_TEXT} characters")
    notes[key] = {"text": text, "tags": sorted({t.strip().lower() for t in tags}),
                  "created": existing["created"] if existing else now, "updated": now}
    _save(data)
    return {"key": key, "created": existing is None, "updated_at": now, "total_notes": len(notes)}
