# gzip bytes made in one call carry CPython's header (the level's extra flags, unix), and MAX_WBITS | 32 reads a
# zlib or a gzip stream, whichever it is given, in one call or streamed.
import gzip
import zlib

data = b"report line\n" * 500
for level in (1, 6, 9, -1):
    blob = zlib.compress(data, level=level, wbits=31)
    print(level, blob[:10].hex(), gzip.decompress(blob) == data)
print(gzip.compress(data, mtime=0)[:10].hex(), gzip.compress(data, compresslevel=1, mtime=0)[:10].hex())
streams = {"gzip": gzip.compress(data), "zlib": zlib.compress(data), "gzip9": zlib.compress(data, 9, 25),
           "zlib9": zlib.compress(data, 9, 9)}
for wbits in (47, 31, 15):
    row = []
    for name, blob in streams.items():
        try:
            row.append(f"{name}={zlib.decompress(blob, wbits) == data}")
        except zlib.error:
            row.append(f"{name}=error")
    print(wbits, " ".join(row))
for name, blob in streams.items():
    d = zlib.decompressobj(zlib.MAX_WBITS | 32)
    out = b"".join(d.decompress(blob[i:i + 1]) for i in range(len(blob))) + d.flush()
    print(name, out == data, d.eof, d.unused_data, type(d).__name__)
d = zlib.decompressobj(47)
print(d.eof, d.unused_data, d.unconsumed_tail, d.decompress(streams["gzip"] + b"tail") == data, d.unused_data)
d = zlib.decompressobj(47)
head = d.decompress(streams["zlib"], 100)
print(len(head), len(d.unconsumed_tail) > 0, head + d.decompress(d.unconsumed_tail) + d.flush() == data)
