import hashlib, hmac, base64, zlib, binascii
data = b"The quick brown fox jumps over the lazy dog"
for name in ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_256", "blake2b", "blake2s"]:
    print(name, hashlib.new(name, data).hexdigest())
print(hashlib.blake2b(data, digest_size=16).hexdigest())
print(hashlib.sha256(data).digest()[:4], base64.b64encode(hashlib.md5(data).digest()))
print(hmac.new(b"key", data, hashlib.sha256).hexdigest())
print(hmac.compare_digest("abc", "abc"), zlib.crc32(data), zlib.adler32(data), binascii.crc32(b"x"))
print(hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 1000).hex())
h = hashlib.sha1()
for chunk in (data[:10], data[10:]):
    h.update(chunk)
print(h.hexdigest(), h.name, h.digest_size, h.block_size)
