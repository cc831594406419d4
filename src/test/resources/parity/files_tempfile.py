import tempfile, os
from pathlib import Path
with tempfile.TemporaryDirectory() as d:
    p = Path(d) / "data.txt"
    p.write_text("hello")
    print(p.read_text(), sorted(os.listdir(d)))
with tempfile.NamedTemporaryFile("w+", suffix=".log", delete=True) as f:
    f.write("line\n")
    f.seek(0)
    print(f.read(), f.name.endswith(".log"))
with tempfile.TemporaryFile() as f:
    f.write(b"abc")
    f.seek(0)
    print(f.read())
s = tempfile.SpooledTemporaryFile(max_size=10)
s.write(b"x" * 5)
s.seek(0)
print(s.read(), s._rolled)
s.close()
fd, name = tempfile.mkstemp(prefix="pre", text=True)
os.write(fd, b"ok")
os.close(fd)
print(open(name).read(), os.path.basename(name).startswith("pre"))
os.remove(name)
