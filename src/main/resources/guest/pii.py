"""Tokenize personal data on the host, in the run's vault: execute_code's vault, its session's, or the connection's.

    import pii
    safe = pii.sanitize("Mail jane@example.com")        # 'Mail <EMAIL_ADDRESS_1>'
    full = pii.sanitize(text, details=True)             # {'text', 'entities', 'counts'}
    pii.restore(safe)                                   # 'Mail jane@example.com'

Tokens agree with those sanitize_pii gives the model on that vault, and restore only knows that vault's tokens.
"""

import _codeexec_bridge as _b

__all__ = ["sanitize", "restore"]


def sanitize(text, entities=None, min_score=None, details=False):
    """Return text with each detected value replaced by a token such as <EMAIL_ADDRESS_1>.

    entities: optional list of entity type names to look for (default: all enabled).
    min_score: optional minimum confidence from 0.0 to 1.0.
    details: when true, return the full result dict (text, entities with offsets, counts).
    """
    if not isinstance(text, str):
        raise TypeError("pii.sanitize: text must be a str, not " + type(text).__name__)
    args = {"text": text}
    if entities is not None:
        args["entities"] = list(entities)
    if min_score is not None:
        args["min_score"] = float(min_score)
    result = _b.call("pii", "sanitize", args)
    return result if details else result["text"]


def restore(text):
    """Return text with every token issued in this run's vault replaced by its original value."""
    if not isinstance(text, str):
        raise TypeError("pii.restore: text must be a str, not " + type(text).__name__)
    return _b.call("pii", "restore", {"text": text})["text"]
