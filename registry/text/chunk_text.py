"""Split text into overlapping chunks by characters, words or approximate tokens."""
import re

MAX_CHUNKS = 10000
_WORD = re.compile(r"\S+")


def _char_chunks(text, size, overlap):
    chunks, start = [], 0
    while start < len(text):
        end = min(start + size, len(text))
        if end < len(text):
            # Prefer to cut at a paragraph, line or space break in the last fifth of the window.
            window_start = start + size * 4 // 5
            for sep in ("\n\n", "\n", " "):
                cut = text.rfind(sep, window_start, end)
                if cut > start:
                    end = cut + len(sep)
                    break
        chunks.append((start, end))
        if end >= len(text):
            break
        start = max(end - overlap, start + 1)
    return chunks


def _word_chunks(text, size, overlap):
    spans = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    chunks, i = [], 0
    while i < len(spans):
        j = min(i + size, len(spans))
        chunks.append((spans[i][0], spans[j - 1][1]))
        if j >= len(spans):
            break
        i = max(j - overlap, i + 1)
    return chunks


def run(text, size=1000, overlap=100, unit="chars"):
    if not isinstance(text, str):
        raise ValueError("text: must be a string")
    if unit not in ("chars", "words", "tokens"):
        raise ValueError("unit: must be chars, words or tokens")
    if not isinstance(size, int) or size < 1:
        raise ValueError("size: must be a positive integer")
    if not isinstance(overlap, int) or not 0 <= overlap < size:
        raise ValueError("overlap: must be an integer from 0 to size - 1")
    if unit == "chars":
        spans = _char_chunks(text, size, overlap)
    elif unit == "words":
        spans = _word_chunks(text, size, overlap)
    else:
        # Roughly 0.75 words per token for English text: size in tokens -> words.
        spans = _word_chunks(text, max(1, size * 3 // 4), overlap * 3 // 4)
    if len(spans) > MAX_CHUNKS:
        raise ValueError(f"size: produces more than {MAX_CHUNKS} chunks; use a larger size")
    chunks = [{"index": i, "start": s, "end": e, "text": text[s:e]} for i, (s, e) in enumerate(spans)]
    return {"chunks": chunks, "count": len(chunks), "unit": unit}
