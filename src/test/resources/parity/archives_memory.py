import gzip, lzma, zlib, zipfile, tarfile, io, hashlib
data = b"line of text\n" * 200
g = gzip.compress(data, mtime=0); print(len(g) > 0, g[:10].hex(), hashlib.sha256(g).hexdigest()[:16], gzip.decompress(g) == data)
g9 = gzip.compress(data, compresslevel=1, mtime=0); print(g9[:10].hex(), gzip.decompress(g9) == data)
buf = io.BytesIO()
with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as f: f.write(data)
print(buf.getvalue()[:10].hex(), gzip.decompress(buf.getvalue()) == data)
buf = io.BytesIO()
with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="name.txt") as f: f.write(b"x")
print(buf.getvalue()[:20])
x = lzma.compress(data); print(lzma.decompress(x) == data, x[:6].hex(), lzma.decompress(lzma.compress(data, format=lzma.FORMAT_ALONE)) == data)
print(lzma.is_check_supported(lzma.CHECK_SHA256), len(zlib.compress(data, 9)) < len(data), zlib.adler32(data), zlib.crc32(data))
zb = io.BytesIO()
with zipfile.ZipFile(zb, "w") as z:
    z.writestr(zipfile.ZipInfo("fixed.txt", date_time=(2024, 1, 2, 3, 4, 6)), "fixed date")
    z.writestr("deflated.txt", data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    z.writestr("stored.txt", b"stored", compress_type=zipfile.ZIP_STORED)
    z.mkdir("sub") if hasattr(z, "mkdir") else None
with zipfile.ZipFile(zb) as z:
    for i in z.infolist():
        print(i.filename, i.compress_type, i.file_size, i.date_time if i.filename == "fixed.txt" else "-", i.is_dir(), i.CRC)
    print(z.read("fixed.txt"), z.testzip(), z.namelist(), z.getinfo("stored.txt").compress_size)
    try:
        z.getinfo("nope")
    except KeyError as e:
        print("KeyError:", e)
    p = zipfile.Path(z, "sub/"); print(p.is_dir(), zipfile.Path(z, "stored.txt").read_text())
try:
    zipfile.ZipFile(io.BytesIO(b"not a zip"))
except zipfile.BadZipFile as e:
    print("BadZipFile:", e)
try:
    zipfile.ZipInfo("old.txt", date_time=(1970, 1, 1, 0, 0, 0)); z2 = zipfile.ZipFile(io.BytesIO(), "w"); z2.writestr(zipfile.ZipInfo("old.txt", date_time=(1970, 1, 1, 0, 0, 0)), "x")
except ValueError as e:
    print("ValueError:", e)
tb = io.BytesIO()
with tarfile.open(fileobj=tb, mode="w:gz") as t:
    for name, content in [("a.txt", b"alpha"), ("dir/b.txt", b"beta" * 10)]:
        ti = tarfile.TarInfo(name); ti.size = len(content); ti.mtime = 1700000000; ti.mode = 0o640; ti.uname = "u"
        t.addfile(ti, io.BytesIO(content))
    d = tarfile.TarInfo("emptydir"); d.type = tarfile.DIRTYPE; d.mtime = 0; t.addfile(d)
tb.seek(0)
with tarfile.open(fileobj=tb, mode="r:*") as t:
    for m in t.getmembers():
        print(m.name, m.size, oct(m.mode), m.mtime, m.isfile(), m.isdir(), m.uname)
    print(t.extractfile("dir/b.txt").read()[:8], t.getnames())
    try:
        t.getmember("nope")
    except KeyError as e:
        print("KeyError:", e)
print(tarfile.is_tarfile(io.BytesIO(b"junk" * 200)), zipfile.is_zipfile(zb))
