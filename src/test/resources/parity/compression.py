import gzip, zlib, bz2, lzma, io
data = ("line %d of some repetitive text\n" * 200 % tuple(range(200))).encode()
for mod in (zlib, bz2, lzma):
    c = mod.compress(data)
    print(mod.__name__, mod.decompress(c) == data, len(c) < len(data) // 3)
buf = io.BytesIO()
with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as f:
    f.write(data)
print(gzip.decompress(buf.getvalue()) == data, buf.getvalue()[:4])
d = zlib.decompressobj()
c = zlib.compress(data, 9)
out = b"".join(d.decompress(c[i:i + 100]) for i in range(0, len(c), 100)) + d.flush()
print(out == data, len(zlib.compress(b"aaaa" * 1000)))
try:
    zlib.decompress(b"not compressed")
except zlib.error as e:
    print("zlib.error:", e)
try:
    gzip.decompress(b"\x1f\x8b junk")
except Exception as e:
    print(type(e).__name__)
