"""Basic statistics about a text: characters, words, sentences, lines, reading time and readability."""
import re

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)")
_VOWELS = re.compile(r"[aeiouy]+")


def _syllables(word):
    w = word.lower()
    count = len(_VOWELS.findall(w))
    if w.endswith("e") and not w.endswith(("le", "ee")) and count > 1:
        count -= 1
    return max(1, count)


def run(text, words_per_minute=200):
    if not isinstance(text, str):
        raise ValueError("text: must be a string")
    if not isinstance(words_per_minute, int) or not 50 <= words_per_minute <= 2000:
        raise ValueError("words_per_minute: must be an integer between 50 and 2000")
    words = _WORD.findall(text)
    stripped = text.strip()
    sentences = len(_SENTENCE_END.findall(stripped))
    if stripped and not re.search(r"[.!?]\W*$", stripped):
        sentences += 1  # trailing text without final punctuation is a sentence too
    paragraphs = len([p for p in re.split(r"\n\s*\n", text) if p.strip()])
    lines = len(text.splitlines())
    n = len(words)
    result = {
        "characters": len(text),
        "characters_no_spaces": len(re.sub(r"\s", "", text)),
        "words": n,
        "unique_words": len({w.lower() for w in words}),
        "sentences": sentences,
        "paragraphs": paragraphs,
        "lines": lines,
        "avg_word_length": round(sum(len(w) for w in words) / n, 2) if n else 0,
        "avg_sentence_words": round(n / sentences, 2) if sentences else 0,
        "reading_time_minutes": round(n / words_per_minute, 2),
    }
    if n and sentences:
        syllables = sum(_syllables(w) for w in words)
        result["flesch_reading_ease"] = round(206.835 - 1.015 * (n / sentences) - 84.6 * (syllables / n), 1)
    return result
