import zipfile, io
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as z:
    z.writestr(zipfile.ZipInfo("docs/readme.txt", date_time=(2024, 1, 2, 3, 4, 6)), "hello zip\n" * 50)
    z.writestr(zipfile.ZipInfo("data/n.csv", date_time=(2024, 1, 2, 3, 4, 6)), "a,b\n1,2\n")
    z.writestr(zipfile.ZipInfo("empty/", date_time=(2024, 1, 2, 3, 4, 6)), "")
with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:
    for info in z.infolist():
        print(info.filename, info.file_size, info.is_dir(), info.date_time)
    print(z.read("data/n.csv").decode(), z.testzip())
    with z.open("docs/readme.txt") as f:
        print(f.readline())
print(zipfile.is_zipfile(io.BytesIO(buf.getvalue())), zipfile.is_zipfile(io.BytesIO(b"nope")))
