"""Turn any text into a URL- and filename-safe slug."""
import re

try:
    import unicodedata
except ImportError:  # keep working on interpreters without the Unicode database
    unicodedata = None

_TRANSLIT = {"ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE", "ł": "l", "Ł": "L",
             "đ": "d", "Đ": "D", "þ": "th", "&": " and "}


def run(text, separator="-", max_length=80, lowercase=True):
    if not isinstance(text, str):
        raise ValueError("text: must be a string")
    if separator not in ("-", "_", "."):
        raise ValueError("separator: must be '-', '_' or '.'")
    if not isinstance(max_length, int) or not 1 <= max_length <= 1000:
        raise ValueError("max_length: must be an integer between 1 and 1000")
    s = "".join(_TRANSLIT.get(c, c) for c in text)
    if unicodedata is not None:
        s = unicodedata.normalize("NFKD", s)
    s = s.encode("ascii", "ignore").decode("ascii")
    if lowercase:
        s = s.lower()
    s = re.sub(r"[^A-Za-z0-9]+", separator, s).strip(separator)
    if len(s) > max_length:
        cut = s[:max_length]
        # Cut at the last separator so no word is chopped, unless that loses most of the slug.
        last = cut.rfind(separator)
        if s[max_length] != separator and last > max_length // 2:
            cut = cut[:last]
        s = cut
        s = s.strip(separator)
    return {"slug": s}
