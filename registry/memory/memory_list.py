"""List the notes in the workspace memory with previews, newest first."""
import json
import os

STORE = os.path.join(".memory", "notes.json")


def run(tag=None, limit=100, preview_chars=80):
    if not isinstance(limit, int) or not 1 <= limit <= 5000:
        raise ValueError("limit: must be an integer between 1 and 5000")
    if not isinstance(preview_chars, int) or not 0 <= preview_chars <= 1000:
        raise ValueError("preview_chars: must be an integer between 0 and 1000")
    if tag is not None and not isinstance(tag, str):
        raise ValueError("tag: must be a string")
    notes = {}
    if os.path.exists(STORE):
        with open(STORE, encoding="utf-8") as f:
            try:
                notes = json.load(f).get("notes", {})
            except (ValueError, AttributeError):
                raise ValueError(f"store: {STORE} is not a valid notes file; fix or delete it") from None
    rows, tag_counts = [], {}
    for key, note in notes.items():
        for t in note.get("tags", []):
            tag_counts[t] = tag_counts.get(t, 0) + 1
        if tag is not None and tag.strip().lower() not in note.get("tags", []):
            continue
        text = note.get("text", "")
        preview = text if len(text) <= preview_chars else text[:max(0, preview_chars - 1)] + "…"
        rows.append({"key": key, "tags": note.get("tags", []), "updated": note.get("updated"),
                     "chars": len(text), "preview": preview})
    rows.sort(key=lambda r: r["key"])
    rows.sort(key=lambda r: r["updated"] or "", reverse=True)
    return {"notes": rows[:limit], "count": len(rows[:limit]), "total": len(notes),
            "tags": dict(sorted(tag_counts.items()))}
