import shlex, fnmatch, glob, os, tempfile
print(shlex.split('ls -l "my file.txt" \'single q\' a\\ b # not comment'))
print(shlex.split('cmd # comment here', comments=True))
print(shlex.quote("it's here"), shlex.quote("safe-name_1.txt"), shlex.quote(""), shlex.join(["echo", "a b", "c'd"]))
try:
    shlex.split('unterminated "quote')
except ValueError as e:
    print("ValueError:", e)
lx = shlex.shlex("a=1, b='two words'; c", posix=True, punctuation_chars=True)
print(list(lx))
names = ["data.csv", "Data.CSV", "notes.txt", "img_01.png", "img_10.png", "x.tar.gz", ".hidden"]
print(fnmatch.filter(names, "*.csv"), fnmatch.fnmatch("Data.CSV", "*.csv"), fnmatch.fnmatchcase("Data.CSV", "*.csv"))
print(fnmatch.filter(names, "img_0?.png"), fnmatch.filter(names, "[!.]*.*z"), fnmatch.filter(names, "*"))
print(fnmatch.translate("*.py[co]"))
with tempfile.TemporaryDirectory() as d:
    for p in ["a/b/c.txt", "a/d.txt", "a/b/e.py", "f.txt", ".g.txt", "a/.h/i.txt"]:
        full = os.path.join(d, p); os.makedirs(os.path.dirname(full), exist_ok=True)
        open(full, "w").close()
    rel = lambda ps: sorted(os.path.relpath(p, d) for p in ps)
    print(rel(glob.glob(os.path.join(d, "*.txt"))))
    print(rel(glob.glob(os.path.join(d, "**", "*.txt"), recursive=True)))
    print(rel(glob.glob(os.path.join(d, "**"), recursive=True)))
    print(sorted(glob.glob("**/*.py", root_dir=d, recursive=True)), sorted(glob.glob("*", root_dir=d)))
    print(sorted(glob.glob("**/*.txt", root_dir=d, recursive=True, include_hidden=True)))
    print(glob.escape("a[1]*?.txt"), rel(glob.iglob(os.path.join(d, "a", "?.txt"))))
