import os, tempfile
with tempfile.TemporaryDirectory(prefix="job_") as d:
    print(os.path.basename(d).startswith("job_"), os.path.isdir(d))
    with open(os.path.join(d, "a.txt"), "w") as f: f.write("x")
    kept = d
print(os.path.exists(kept))
with tempfile.NamedTemporaryFile("w+", suffix=".csv", delete=True) as f:
    f.write("a,b\n"); f.flush(); f.seek(0); print(f.read(), f.name.endswith(".csv"), os.path.exists(f.name)); name = f.name
print(os.path.exists(name))
with tempfile.NamedTemporaryFile("w", delete=False) as f:
    f.write("kept"); name2 = f.name
print(open(name2).read()); os.unlink(name2)
with tempfile.NamedTemporaryFile(delete_on_close=False) as f:
    f.write(b"abc"); f.close(); print(open(f.name, "rb").read(), os.path.exists(f.name)); n3 = f.name
print(os.path.exists(n3))
fd, path = tempfile.mkstemp(suffix=".bin", text=False)
os.write(fd, b"\x00\x01"); os.close(fd); print(os.path.getsize(path), path.endswith(".bin")); os.remove(path)
d2 = tempfile.mkdtemp(); print(os.path.isdir(d2), os.listdir(d2)); os.rmdir(d2)
with tempfile.SpooledTemporaryFile(max_size=10, mode="w+") as s:
    s.write("short"); print(s._rolled); s.write("x" * 20); print(s._rolled); s.seek(0); print(len(s.read()))
with tempfile.TemporaryFile("w+") as t:
    t.write("anon"); t.seek(0); print(t.read())
print(tempfile.gettempprefix(), type(tempfile.gettempdir()).__name__, tempfile.gettempdirb()[:0])
td = tempfile.TemporaryDirectory(); p = td.name; td.cleanup(); print(os.path.exists(p))
with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as d3:
    os.makedirs(os.path.join(d3, "a", "b")); print(os.listdir(d3))
