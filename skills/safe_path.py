"""Join paths under a root directory, refusing any result that escapes it (.., absolute parts, symlinks)."""
import os


def safe_join(root, *parts):
    """The real path of root/parts, or ValueError when it would fall outside root."""
    base = os.path.realpath(root)
    candidate = os.path.realpath(os.path.join(base, *parts))
    if candidate != base and not candidate.startswith(base.rstrip(os.sep) + os.sep):
        raise ValueError("path %r escapes %r" % (os.path.join(*parts) if parts else "", root))
    return candidate


def is_inside(root, path):
    """True when `path` resolves to root or something under it."""
    try:
        safe_join(root, path)
        return True
    except ValueError:
        return False
