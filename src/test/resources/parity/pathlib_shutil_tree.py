import os, shutil
from pathlib import Path, PurePosixPath, PureWindowsPath
root = Path("proj_tree"); shutil.rmtree(root, ignore_errors=True)
(root / "src" / "pkg").mkdir(parents=True)
(root / "src" / "pkg" / "__init__.py").write_text("")
(root / "src" / "pkg" / "mod.py").write_text("x = 1\n")
(root / "docs").mkdir(); (root / "docs" / "readme.md").write_text("# hi\n", encoding="utf-8")
(root / "data.csv").write_bytes(b"a,b\n1,2\n")
print(sorted(p.as_posix() for p in root.rglob("*.py")), sorted(p.name for p in root.glob("*")), sorted(p.name for p in root.glob("**/")))
for dirpath, dirnames, filenames in sorted(root.walk()):
    print(dirpath.as_posix(), sorted(dirnames), sorted(filenames))
print(sorted((d, sorted(f)) for d, _, f in os.walk(root)))
shutil.copytree(root / "src", root / "src_copy", ignore=shutil.ignore_patterns("__init__.py"))
print(sorted(p.relative_to(root).as_posix() for p in (root / "src_copy").rglob("*")))
shutil.move(root / "data.csv", root / "docs"); print((root / "docs" / "data.csv").read_text())
print(shutil.copy(root / "docs" / "readme.md", root / "copy.md"), shutil.copy2(root / "copy.md", root / "docs"))
try:
    shutil.copytree(root / "src", root / "src_copy")
except FileExistsError as e:
    print("FileExistsError:", e.filename == str(root / "src_copy"))
shutil.copytree(root / "src", root / "src_copy", dirs_exist_ok=True)
p = root / "docs" / "readme.md"
print(p.suffix, p.stem, p.with_suffix(".txt").name, p.with_stem("README").name, p.parent.name, p.parts[-2:], p.stat().st_size, p.exists(), p.is_file())
print(p.relative_to(root), PurePosixPath("/a/b/../c").parts, PurePosixPath("a/b").is_relative_to("a"), PureWindowsPath(r"C:\x\y.txt").stem)
try:
    p.relative_to("elsewhere")
except ValueError as e:
    print("ValueError:", e)
print(Path("a/b/c.tar.gz").suffixes, Path("x").joinpath("y", "z"), Path("/") / "etc", Path("a") / ".." / "b", Path("a/./b//c"))
print(PurePosixPath("dir/f.txt").match("*.txt"), PurePosixPath("/a/b").match("/a/*"), PurePosixPath("a").with_name("b"))
archive = shutil.make_archive("proj_archive", "zip", root_dir=root, base_dir="src")
import zipfile; print(os.path.basename(archive), sorted(zipfile.ZipFile(archive).namelist()))
os.remove(archive)
try:
    (root / "docs").rmdir()
except OSError as e:
    print(type(e).__name__, e.errno)
(root / "link_target").touch(); print((root / "link_target").stat().st_size, (root / "nope").exists())
try:
    (root / "nope.txt").read_text()
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
shutil.rmtree(root); print(root.exists())
