import tarfile, io
buf = io.BytesIO()
with tarfile.open(fileobj=buf, mode="w:gz") as t:
    for name, text in [("a/one.txt", "first\n"), ("a/two.txt", "second file\n" * 3)]:
        data = text.encode()
        info = tarfile.TarInfo(name)
        info.size, info.mtime, info.mode = len(data), 1700000000, 0o644
        t.addfile(info, io.BytesIO(data))
buf.seek(0)
with tarfile.open(fileobj=buf, mode="r:gz") as t:
    for m in t.getmembers():
        print(m.name, m.size, oct(m.mode), m.mtime, m.isfile())
    print(t.extractfile("a/two.txt").read().decode().splitlines()[0])
print(tarfile.is_tarfile(io.BytesIO(b"x" * 600)))
