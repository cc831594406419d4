"""Generate random (v4) or name-based (v5, v3) UUIDs."""
import uuid

NAMESPACES = {"dns": uuid.NAMESPACE_DNS, "url": uuid.NAMESPACE_URL, "oid": uuid.NAMESPACE_OID,
              "x500": uuid.NAMESPACE_X500}


def run(count=1, version=4, namespace=None, name=None, uppercase=False, hyphens=True):
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 1000:
        raise ValueError("count: must be an integer between 1 and 1000")
    if version not in (3, 4, 5):
        raise ValueError("version: must be 4 (random), 5 (SHA-1 name-based) or 3 (MD5 name-based)")
    if version == 4:
        if name is not None or namespace is not None:
            raise ValueError("name: only used with version 3 or 5")
        values = [uuid.uuid4() for _ in range(count)]
    else:
        if not isinstance(name, str):
            raise ValueError("name: required for version 3 and 5 (the string the UUID is derived from)")
        ns_text = namespace or "url"
        try:
            ns = NAMESPACES[ns_text] if ns_text in NAMESPACES else uuid.UUID(ns_text)
        except ValueError:
            raise ValueError("namespace: must be dns, url, oid, x500 or a UUID") from None
        if count != 1:
            raise ValueError("count: name-based UUIDs are deterministic, so count must be 1")
        values = [(uuid.uuid5 if version == 5 else uuid.uuid3)(ns, name)]
    texts = [str(u) if hyphens else u.hex for u in values]
    if uppercase:
        texts = [t.upper() for t in texts]
    return {"uuids": texts, "version": version, "count": len(texts)}
