import uuid
ns = uuid.NAMESPACE_DNS
print(uuid.uuid3(ns, "example.com"), uuid.uuid5(ns, "example.com"), uuid.uuid5(uuid.NAMESPACE_URL, "https://x.y/z"))
u = uuid.UUID("12345678-1234-5678-1234-567812345678")
print(repr(u), u.hex, u.int, u.version, u.variant, u.urn, u.bytes, u.bytes_le.hex(), u.fields, u.time_low)
print(uuid.UUID("{12345678123456781234567812345678}"), uuid.UUID(int=1), uuid.UUID(bytes=b"\x00" * 16) == uuid.UUID(int=0))
try:
    uuid.UUID("not-a-uuid")
except ValueError as e:
    print("ValueError:", e)
r = uuid.uuid4(); print(r.version, len(str(r)), r.variant == uuid.RFC_4122)
t = uuid.uuid1(); print(t.version)
print(sorted([uuid.UUID(int=5), uuid.UUID(int=2)]), uuid.NAMESPACE_OID, uuid.UUID(int=3) < uuid.UUID(int=4))
print(str(uuid.uuid3(uuid.NAMESPACE_X500, "cn=x")), uuid.uuid5(uuid.NAMESPACE_DNS, "python.org").hex)
