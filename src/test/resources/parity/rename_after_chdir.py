# Relative names after os.chdir: rename, replace and pathlib's moves resolve them in the new working directory,
# as every other call does (the atomic-write pattern: a temporary file beside the target, then os.replace).
import json
import os
import tempfile
from pathlib import Path

start = os.getcwd()
with tempfile.TemporaryDirectory(dir=".") as top:
    os.chdir(top)
    open("w.txt", "w").write("top")
    os.makedirs("proj/sub")
    os.chdir("proj")
    open("w.txt", "w").write("proj")
    os.rename("w.txt", "v.txt")
    Path("v.txt").rename("u.txt")
    Path("u.txt").replace("sub/u.txt")
    with tempfile.NamedTemporaryFile("w", dir=".", delete=False, suffix=".tmp") as t:
        json.dump({"ok": True}, t)
    os.replace(os.path.basename(t.name), "config.json")
    os.renames("sub/u.txt", "deep/er/u.txt")
    try:
        os.rename("missing.txt", "x.txt")
    except FileNotFoundError as e:
        print(e.filename, e.filename2)
    print(sorted(os.listdir(".")), sorted(os.listdir("deep/er")), open("config.json").read())
    os.chdir("..")
    print(sorted(os.listdir(".")), open("w.txt").read())
    os.chdir(start)
print(os.path.exists(top))
