"""Base64-encode text (UTF-8) or hex bytes, standard or URL-safe alphabet."""
import base64
import binascii


def run(text=None, hex=None, url_safe=False, padding=True, encoding="utf-8"):
    if (text is None) == (hex is None):
        raise ValueError("text: give exactly one of 'text' or 'hex' (bytes as hexadecimal)")
    if hex is not None:
        try:
            data = binascii.unhexlify("".join(str(hex).split()))
        except (binascii.Error, ValueError):
            raise ValueError("hex: must be an even number of hexadecimal digits") from None
    else:
        if not isinstance(text, str):
            raise ValueError("text: must be a string")
        try:
            data = text.encode(encoding)
        except LookupError:
            raise ValueError(f"encoding: unknown text encoding '{encoding}'") from None
        except UnicodeEncodeError as e:
            raise ValueError(f"text: cannot be encoded as {encoding}: {e.reason}") from None
    encoded = (base64.urlsafe_b64encode(data) if url_safe else base64.b64encode(data)).decode("ascii")
    if not padding:
        encoded = encoded.rstrip("=")
    return {"base64": encoded, "bytes": len(data)}
