# Files written without closing, then measured and archived, and temporary files that leave nothing behind.
import os
import shutil
import tarfile
import tempfile
import zipfile

# Its own new directory: the workspace keeps what earlier runs wrote.
shutil.rmtree("files_written", ignore_errors=True)
os.mkdir("files_written")
os.chdir("files_written")
os.makedirs("report", exist_ok=True)
open("report/summary.txt", "w").write("total: 42\n")
open("report/data.csv", "w").write("a,b\n1,2\n")
print(os.path.getsize("report/summary.txt"), os.stat("report/data.csv").st_size)

before = set(os.listdir("."))
with tarfile.open("report.tar.gz", "w:gz") as archive:
    archive.add("report")
with tarfile.open("report.tar.gz") as archive:
    print(sorted((m.name, m.size) for m in archive.getmembers()))
    print(archive.extractfile("report/summary.txt").read())
print(os.path.basename(shutil.make_archive("bundle", "zip", "report")))
with zipfile.ZipFile("bundle.zip") as z:
    print(sorted(z.namelist()))

with tempfile.TemporaryFile() as scratch:
    scratch.write(b"scratch data")
    scratch.seek(0)
    print(scratch.read())
spooled = tempfile.SpooledTemporaryFile(max_size=16)
spooled.write(b"x" * 100)
spooled.seek(0)
print(len(spooled.read()))
spooled.close()
with tempfile.NamedTemporaryFile("w", suffix=".txt", dir=".") as named:
    named.write("named")
print(sorted(set(os.listdir(".")) - before))
