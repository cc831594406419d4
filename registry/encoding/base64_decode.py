"""Decode Base64 (standard or URL-safe, padding optional) to text, or to hex when the bytes are not text."""
import base64
import binascii
import re


def run(data, encoding="utf-8"):
    if not isinstance(data, str) or not data.strip():
        raise ValueError("data: must be a non-empty Base64 string")
    cleaned = re.sub(r"\s+", "", data)
    if cleaned.startswith("data:") and "," in cleaned:
        cleaned = cleaned.split(",", 1)[1]  # data: URI prefix
    if not re.fullmatch(r"[A-Za-z0-9+/\-_]*={0,2}", cleaned):
        raise ValueError("data: contains characters outside the Base64 alphabets")
    url_safe = "-" in cleaned or "_" in cleaned
    cleaned = cleaned.rstrip("=")
    if len(cleaned) % 4 == 1:
        raise ValueError("data: has an impossible length for Base64 (truncated?)")
    padded = cleaned + "=" * (-len(cleaned) % 4)
    try:
        raw = base64.urlsafe_b64decode(padded) if url_safe else base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError) as e:
        raise ValueError(f"data: is not valid Base64: {e}") from None
    result = {"bytes": len(raw), "url_safe": url_safe, "hex": raw[:4096].hex()}
    try:
        result["text"] = raw.decode(encoding)
        result["is_text"] = True
    except LookupError:
        raise ValueError(f"encoding: unknown text encoding '{encoding}'") from None
    except UnicodeDecodeError:
        result["text"] = None
        result["is_text"] = False
    return result
