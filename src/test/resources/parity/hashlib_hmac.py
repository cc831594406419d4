import hashlib, hmac, secrets, string
for name in ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_256", "sha3_512"]:
    h = hashlib.new(name, b"abc"); print(name, h.digest_size, h.block_size, h.hexdigest()[:32])
print(hashlib.shake_128(b"abc").hexdigest(10), hashlib.shake_256(b"abc").hexdigest(5))
print(hashlib.blake2b(b"abc", digest_size=16, key=b"k").hexdigest(), hashlib.blake2s(b"abc", salt=b"s", person=b"p").hexdigest()[:16])
print(hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 1000, dklen=16).hex())
print(sorted(a for a in hashlib.algorithms_guaranteed))
h = hashlib.sha256(); h.update(b"a"); h2 = h.copy(); h2.update(b"b"); print(h.hexdigest()[:8], h2.hexdigest()[:8], h.name)
print(hashlib.file_digest(__import__("io").BytesIO(b"abc"), "sha1").hexdigest())
try:
    hashlib.new("nope")
except ValueError as e:
    print("ValueError:", e)
try:
    hashlib.sha256("text")
except TypeError as e:
    print("TypeError")
m = hmac.new(b"key", b"msg", hashlib.sha256); print(m.hexdigest(), m.name, m.digest_size, hmac.digest(b"key", b"msg", "sha1").hex())
print(hmac.compare_digest("abc", "abc"), hmac.compare_digest(b"a", b"b"), hmac.compare_digest(m.digest(), hmac.new(b"key", b"msg", "sha256").digest()))
try:
    hmac.new(b"key")
except TypeError as e:
    print("TypeError")
try:
    hmac.compare_digest("é", "é")
except TypeError as e:
    print("TypeError:", e)
print(len(secrets.token_bytes(16)), len(secrets.token_hex(16)), len(secrets.token_urlsafe(16)), secrets.randbelow(1), secrets.choice("a"), len(secrets.token_hex()))
pw = "".join(secrets.choice(string.ascii_letters) for _ in range(12)); print(len(pw), pw.isalpha())
print(isinstance(secrets.randbits(8), int), secrets.compare_digest("x", "x"))
