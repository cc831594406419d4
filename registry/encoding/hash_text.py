"""Hash or HMAC a string with md5, sha1, sha256, sha512, sha3 or blake2b."""
import base64
import hashlib
import hmac

ALGORITHMS = ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_256", "sha3_512", "blake2b", "blake2s")


def run(text, algorithm="sha256", hmac_key=None, encoding="utf-8"):
    if not isinstance(text, str):
        raise ValueError("text: must be a string")
    if algorithm not in ALGORITHMS:
        raise ValueError(f"algorithm: must be one of {', '.join(ALGORITHMS)}")
    try:
        data = text.encode(encoding)
    except LookupError:
        raise ValueError(f"encoding: unknown text encoding '{encoding}'") from None
    if hmac_key is not None:
        if not isinstance(hmac_key, str):
            raise ValueError("hmac_key: must be a string")
        digest = hmac.new(hmac_key.encode("utf-8"), data, algorithm).digest()
    else:
        digest = hashlib.new(algorithm, data).digest()
    return {"algorithm": algorithm, "hmac": hmac_key is not None, "hex": digest.hex(),
            "base64": base64.b64encode(digest).decode("ascii")}
