"""Delete notes from the workspace memory by key (or every note with a tag)."""
import json
import os

STORE = os.path.join(".memory", "notes.json")


def run(key=None, tag=None):
    if (key is None) == (tag is None):
        raise ValueError("key: give exactly one of 'key' or 'tag'")
    if key is not None and (not isinstance(key, str) or not key.strip()):
        raise ValueError("key: must be a non-empty string")
    if tag is not None and (not isinstance(tag, str) or not tag.strip()):
        raise ValueError("tag: must be a non-empty string")
    if not os.path.exists(STORE):
        return {"deleted": [], "remaining": 0}
    with open(STORE, encoding="utf-8") as f:
        try:
            data = json.load(f)
            notes = data["notes"]
        except (ValueError, KeyError, TypeError):
            raise ValueError(f"store: {STORE} is not a valid notes file; fix or delete it") from None
    if key is not None:
        doomed = [key.strip()] if key.strip() in notes else []
    else:
        doomed = sorted(k for k, n in notes.items() if tag.strip().lower() in n.get("tags", []))
    for k in doomed:
        del notes[k]
    if doomed:
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
    return {"deleted": doomed, "remaining": len(notes)}
