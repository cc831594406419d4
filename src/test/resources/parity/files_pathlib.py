from pathlib import Path
import os, shutil
base = Path("parity_files_pathlib")
shutil.rmtree(base, ignore_errors=True)
(base / "sub" / "deep").mkdir(parents=True)
(base / "a.txt").write_text("alpha\nbeta\n", encoding="utf-8")
(base / "sub" / "b.csv").write_text("x,y\n")
(base / "sub" / "deep" / "c.bin").write_bytes(bytes(range(10)))
print(sorted(p.relative_to(base).as_posix() for p in base.rglob("*")))
print(sorted(p.name for p in base.glob("*.txt")), (base / "a.txt").read_text().splitlines())
p = base / "sub" / "b.csv"
print(p.suffix, p.stem, p.parent.name, p.with_suffix(".tsv").name, p.exists(), p.is_file(), p.stat().st_size)
with open(base / "a.txt", "a") as f:
    f.write("gamma\n")
print((base / "a.txt").read_text().count("\n"), os.path.getsize(base / "a.txt"))
(base / "a.txt").rename(base / "renamed.txt")
print(sorted(os.listdir(base)), Path("x/y/../z.tar.gz").suffixes, Path("/a/b").joinpath("c").as_posix())
shutil.copytree(base / "sub", base / "copy")
print(sorted(str(p.relative_to(base)) for p in (base / "copy").rglob("*")))
shutil.rmtree(base)
print(base.exists())
