import pathlib, tempfile, os
from pathlib import Path, PurePosixPath, PureWindowsPath
p = PurePosixPath("/data/reports/2024/q1.final.csv")
print(p.name, p.stem, p.suffix, p.suffixes, p.parent, list(map(str, p.parents))[:2], p.parts, p.anchor, p.root)
print(p.with_suffix(".json"), p.with_name("x.txt"), p.with_stem("q2"), p.with_suffix(""), p.relative_to("/data"), p.is_relative_to("/tmp"))
try:
    p.relative_to("/tmp")
except ValueError as e:
    print("ValueError:", e)
try:
    p.with_suffix("json")
except ValueError as e:
    print("ValueError:", e)
print(PurePosixPath("a") / "b" / "/c", PurePosixPath("a/b").joinpath("c", "d"), PurePosixPath("a//b/./c/.."), PurePosixPath("x.py").match("*.py"), PurePosixPath("/a/b/c.py").match("b/*.py"))
w = PureWindowsPath(r"C:\Users\ann\file.TXT"); print(w.drive, w.name, w.suffix, w.as_posix(), w.parent, PureWindowsPath("c:/A") == PureWindowsPath("C:\\a"))
with tempfile.TemporaryDirectory() as d:
    base = Path(d)
    (base / "sub" / "deep").mkdir(parents=True)
    (base / "sub" / "deep" / "x.py").write_text("print('x')\n", encoding="utf-8")
    (base / "sub" / "y.txt").write_text("héllo", encoding="latin-1")
    (base / "z.py").write_bytes(b"\x00\x01")
    print(sorted(str(q.relative_to(base)) for q in base.glob("**/*.py")), sorted(str(q.relative_to(base)) for q in base.rglob("*.txt")))
    print(sorted(q.name for q in base.iterdir()), sorted(str(q.relative_to(base)) for q in base.glob("*/*")), sorted(str(q.relative_to(base)) for q in base.glob("**")))
    print((base / "sub" / "y.txt").read_text(encoding="latin-1"), (base / "sub" / "y.txt").read_bytes(), (base / "sub" / "y.txt").stat().st_size)
    try:
        (base / "sub" / "y.txt").read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        print("UnicodeDecodeError", e.start)
    print((base / "z.py").exists(), (base / "nope").exists(), (base / "sub").is_dir(), (base / "z.py").is_file(), (base / "z.py").is_symlink())
    try:
        (base / "sub").mkdir()
    except FileExistsError as e:
        print("FileExistsError", e.strerror, Path(e.filename).name)
    (base / "sub").mkdir(exist_ok=True)
    t = base / "t.txt"; t.touch(); print(t.stat().st_size); t.write_text("a\nb\n", newline="\r\n") if hasattr(Path, "write_text") else None; print(t.read_bytes())
    t2 = t.rename(base / "renamed.txt"); print(t2.name, t.exists(), t2.exists()); t2.unlink()
    try:
        t2.unlink()
    except FileNotFoundError as e:
        print("FileNotFoundError", e.strerror)
    t2.unlink(missing_ok=True)
    with (base / "w.txt").open("w") as f: f.write("lines\n" * 3)
    with (base / "w.txt").open() as f: print(f.readlines())
    print(Path(d).resolve() == Path(d).resolve().absolute(), (base / "sub" / ".." / "z.py").resolve().name, Path("rel/x").is_absolute(), Path.cwd().is_absolute())
    os.chdir(d); print(sorted(str(x) for x in Path(".").glob("*.py")), Path("z.py").absolute().parent.name == base.name)
    (base / "sub" / "deep" / "x.py").unlink(); (base / "sub" / "deep").rmdir()
    try:
        (base / "sub").rmdir()
    except OSError as e:
        print(type(e).__name__, e.strerror)
    os.chdir("/" if False else os.path.dirname(d))
print(Path("~").expanduser() == Path.home(), Path("a/b.txt").as_posix(), repr(PurePosixPath("a/b")), str(Path("")), Path("a") == Path("a/"), sorted([Path("b"), Path("a")]))
