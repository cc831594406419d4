# Files written without closing and dropped, with the collector running before anything closed them: CPython's
# reference counting has already closed each one, so every byte is on disk.
import gc
import os
import shutil

shutil.rmtree("files_collected", ignore_errors=True)
os.mkdir("files_collected")
os.chdir("files_collected")
for i in range(6):
    open("text%d.txt" % i, "w").write("line %d\n" % i * 50)
    open("data%d.bin" % i, "wb").write(b"x" * (100 + i))
    gc.collect()


def save(path, rows):
    f = open(path, "w")
    for row in rows:
        f.write(",".join(map(str, row)) + "\n")


save("rows.csv", [(n, n * n) for n in range(200)])
gc.collect()
print(sorted((name, os.path.getsize(name)) for name in os.listdir(".")))
print(open("rows.csv").read().splitlines()[-1])
