# Listing what an archive holds, as tar -tv and zip's infolist show it: file modes come from stat.filemode.
import io
import stat
import tarfile
import zipfile

buffer = io.BytesIO()
with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
    for name, data, mode in [("report/summary.csv", b"region,total\nNorth,12\n", 0o644),
                             ("report/run.sh", b"#!/bin/sh\necho hi\n", 0o755)]:
        info = tarfile.TarInfo(name)
        info.size, info.mode, info.mtime, info.uname, info.gname = len(data), mode, 1700000000, "agent", "staff"
        tar.addfile(info, io.BytesIO(data))
    folder = tarfile.TarInfo("report/raw")
    folder.type, folder.mode, folder.mtime = tarfile.DIRTYPE, 0o755, 1700000000
    tar.addfile(folder)
buffer.seek(0)
with tarfile.open(fileobj=buffer) as tar:
    tar.list(verbose=True)
    for member in tar.getmembers():
        print(f"{stat.filemode(member.mode)} {member.size:>5} {member.name}")

archive = io.BytesIO()
with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
    zf.writestr(zipfile.ZipInfo("data/rows.json", (2024, 5, 6, 7, 8, 10)), '[{"id": 1}]')
    entry = zipfile.ZipInfo("bin/tool", (2024, 5, 6, 7, 8, 10))
    entry.external_attr = (stat.S_IFREG | 0o755) << 16
    zf.writestr(entry, b"#!/bin/sh\n")
with zipfile.ZipFile(archive) as zf:
    for info in zf.infolist():
        print(info)

for mode in (0o644, 0o100644, 0o40755, 0o120777, 0o4755, 0o1777, 0o10600, 0):
    print(oct(mode), stat.filemode(mode))
