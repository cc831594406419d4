"""Checksum of a workspace file (sha256, sha1, md5, sha512, blake2b), streamed in blocks."""
import hashlib
import os
import re

ALGORITHMS = ("sha256", "sha1", "md5", "sha512", "sha3_256", "blake2b")


def _workspace_path(value, field):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}: must be a non-empty workspace-relative path")
    parts = value.replace("\\", "/").split("/")
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"{field}: must be relative to the workspace, without '..' or a leading '/'")
    return os.path.normpath(value)


def run(path, algorithm="sha256", expected=None):
    p = _workspace_path(path, "path")
    if algorithm not in ALGORITHMS:
        raise ValueError(f"algorithm: must be one of {', '.join(ALGORITHMS)}")
    if not os.path.isfile(p):
        raise ValueError(f"path: '{path}' is not a file in the workspace")
    digest = hashlib.new(algorithm)
    size = 0
    with open(p, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
    result = {"path": path, "algorithm": algorithm, "hex": digest.hexdigest(), "size": size}
    if expected is not None:
        if not isinstance(expected, str):
            raise ValueError("expected: must be a hex digest string")
        result["matches"] = expected.strip().lower() == result["hex"]
    return result
