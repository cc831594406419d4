import io, os, shutil, fnmatch, glob
os.makedirs("parity_files_io", exist_ok=True)
path = os.path.join("parity_files_io", "lines.txt")
with open(path, "w", newline="\n", encoding="utf-8") as f:
    f.writelines(f"{i}: caf\u00e9\n" for i in range(5))
with open(path, encoding="utf-8") as f:
    print(f.readline(), end="")
    print(f.tell(), len(f.read().splitlines()))
with open(path, "rb") as f:
    f.seek(-8, os.SEEK_END)
    print(f.read())
with open(path, "r+", encoding="utf-8") as f:
    f.seek(0)
    f.write("X")
print(open(path, encoding="utf-8").read(2), os.path.exists(path), os.path.splitext(path)[1])
try:
    open(os.path.join("parity_files_io", "missing.txt"))
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno, e.strerror)
print(fnmatch.fnmatch("report_2024.csv", "report_*.csv"), sorted(glob.glob("parity_files_io/*.txt")))
s = io.StringIO()
print("to string", file=s)
print(repr(s.getvalue()), io.BytesIO(b"ab\ncd").readlines())
shutil.rmtree("parity_files_io")
