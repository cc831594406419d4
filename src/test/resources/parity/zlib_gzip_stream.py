# A gzip stream written with zlib.compressobj(wbits=16 + n): gzip's header and trailer around the deflate data, so
# gzip and zlib read it back (the deflate bytes themselves may differ between zlib builds; not printed).
import gzip
import io
import zlib

data = b"hello world\n" * 300 + bytes(range(256)) * 4
for level, wbits in ((6, 31), (9, 31), (1, 25), (-1, 16 + 12), (0, 31)):
    c = zlib.compressobj(level, zlib.DEFLATED, wbits)
    out = c.compress(data[:1000]) + c.compress(data[1000:]) + c.flush()
    print(level, wbits, out[:10].hex(), out[-8:].hex(), gzip.decompress(out) == data, zlib.decompress(out, 31) == data)

c = zlib.compressobj(wbits=31)
head = c.compress(b"first part, ")
synced = c.flush(zlib.Z_SYNC_FLUSH)
rest = c.compress(b"second part") + c.flush()
print(head.hex(), gzip.decompress(head + synced + rest))

with gzip.GzipFile(fileobj=io.BytesIO(head + synced + rest)) as f:
    print(f.read())
d = zlib.decompressobj(31)
print(d.decompress(head + synced + rest), d.eof)
print(zlib.decompress(zlib.compress(data, 6), 15) == data, type(c).__name__)
