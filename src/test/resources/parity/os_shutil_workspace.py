import os, shutil, tempfile, stat, pathlib
with tempfile.TemporaryDirectory(prefix="job-") as d:
    print(os.path.basename(d).startswith("job-"), os.path.isdir(d))
    os.makedirs(os.path.join(d, "src", "pkg"))
    for rel, text in [("src/a.txt", "alpha"), ("src/pkg/b.txt", "beta!"), ("src/pkg/c.py", "print(1)\n")]:
        with open(os.path.join(d, rel), "w") as f: f.write(text)
    walk = [(os.path.relpath(root, d), sorted(dirs), sorted(files)) for root, dirs, files in os.walk(d)]
    print(sorted(walk))
    print(sorted(os.listdir(os.path.join(d, "src"))), sorted(e.name for e in os.scandir(os.path.join(d, "src")) if e.is_file()))
    st = os.stat(os.path.join(d, "src/pkg/b.txt"))
    print(st.st_size, stat.S_ISREG(st.st_mode), stat.S_ISDIR(os.stat(d).st_mode), st.st_nlink, isinstance(st.st_mtime, float), st.st_mtime_ns > 0)
    shutil.copy(os.path.join(d, "src/a.txt"), os.path.join(d, "copy.txt")); print(open(os.path.join(d, "copy.txt")).read())
    shutil.copy2(os.path.join(d, "src/a.txt"), os.path.join(d, "copy2.txt"))
    shutil.copytree(os.path.join(d, "src"), os.path.join(d, "dst"), ignore=shutil.ignore_patterns("*.py"))
    print(sorted(str(p.relative_to(d)) for p in pathlib.Path(d, "dst").rglob("*")))
    shutil.move(os.path.join(d, "copy.txt"), os.path.join(d, "dst", "moved.txt")); print(os.path.exists(os.path.join(d, "copy.txt")), sorted(os.listdir(os.path.join(d, "dst"))))
    arch = shutil.make_archive(os.path.join(d, "bundle"), "zip", root_dir=os.path.join(d, "src")); print(os.path.basename(arch))
    import zipfile; print(sorted(zipfile.ZipFile(arch).namelist()))
    arch2 = shutil.make_archive(os.path.join(d, "bundle"), "gztar", root_dir=d, base_dir="src"); print(os.path.basename(arch2))
    shutil.unpack_archive(arch, os.path.join(d, "unpacked")); print(sorted(os.listdir(os.path.join(d, "unpacked"))))
    shutil.rmtree(os.path.join(d, "dst")); print(os.path.exists(os.path.join(d, "dst")))
    try:
        shutil.rmtree(os.path.join(d, "nope"))
    except FileNotFoundError as e:
        print("FileNotFoundError", e.errno, os.path.basename(e.filename))
    try:
        os.mkdir(os.path.join(d, "src"))
    except FileExistsError as e:
        print("FileExistsError", e.strerror)
    try:
        os.rmdir(os.path.join(d, "src"))
    except OSError as e:
        print(type(e).__name__, e.errno, e.strerror)
    try:
        os.remove(os.path.join(d, "src"))
    except OSError as e:
        print(type(e).__name__, e.strerror)
    try:
        open(os.path.join(d, "src"))
    except IsADirectoryError as e:
        print("IsADirectoryError", e.strerror)
    os.chmod(os.path.join(d, "src/a.txt"), 0o600); print(oct(stat.S_IMODE(os.stat(os.path.join(d, "src/a.txt")).st_mode)))
    print(shutil.get_archive_formats()[0][0] in ("bztar", "gztar", "tar", "xztar", "zip"), sorted(f[0] for f in shutil.get_unpack_formats() if f[0] != "bztar"))
    with tempfile.NamedTemporaryFile("w+", suffix=".csv", dir=d, delete=False) as nt:
        nt.write("a,b\n"); name = nt.name
    print(name.endswith(".csv"), open(name).read().strip())
    fd, p2 = tempfile.mkstemp(dir=d, text=True); os.write(fd, b"raw"); os.close(fd); print(open(p2).read())
    print(sorted(os.path.splitext(n)[1] for n in os.listdir(d)))
print(os.path.exists(d), os.sep, os.linesep == "\n", os.path.join("a", "/b"), os.path.normpath("a/./b/../c"), os.path.splitext("x.tar.gz"), os.path.commonpath(["/a/b", "/a/c"]))
print(os.path.relpath("/a/b/c", "/a/d"), os.path.isabs("x"), os.path.dirname("/x/y.txt"), os.path.split("/x/"))
