# What agents' code meets for paths that are not there: os.stat, open, os.path and pathlib checks, a directory
# listed, removed or renamed, and files made where nothing was.
import os
import pathlib
import shutil

shutil.rmtree("files_missing", ignore_errors=True)  # the workspace is kept between a caller's runs
os.makedirs("files_missing")
os.chdir("files_missing")
os.makedirs("here/sub", exist_ok=True)
with open("here/f.txt", "w") as f:
    f.write("x")
for path in ("nothere.txt", "here/none.txt", "none/deeper/x.txt", "here/sub/none", ""):
    for name, call in (("stat", os.stat), ("lstat", os.lstat), ("open", open), ("listdir", os.listdir),
                       ("remove", os.remove), ("getsize", os.path.getsize)):
        try:
            call(path)
            print(name, repr(path), "ok")
        except OSError as e:
            print(name, repr(path), type(e).__name__, e.errno, repr(e.filename), e.strerror)
    print("checks", repr(path), os.path.exists(path), os.path.isfile(path), os.path.isdir(path),
          os.path.lexists(path), pathlib.Path(path).exists(), pathlib.Path(path).is_file())
try:
    os.rename("nothere.txt", "here/moved.txt")
except OSError as e:
    print("rename", type(e).__name__, e.errno, repr(e.filename), repr(e.filename2))
try:
    pathlib.Path("none/x.txt").read_text()
except FileNotFoundError as e:
    print("read_text", e)
print(sorted(os.listdir("here")), os.path.exists("here/f.txt"), pathlib.Path("here/sub").is_dir())
for path in ("made.txt", "here/made.txt"):
    print("made", path, os.path.exists(path), end=" ")
    with open(path, "x") as f:
        f.write("new")
    print(os.path.exists(path), os.path.getsize(path))
os.chdir("..")
shutil.rmtree("files_missing")
print(os.path.exists("files_missing"))
