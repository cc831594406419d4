# Files truncated by name after writing without closing (the truncation comes after what was written), and
# truncated past their end, which fills them with zeros, through a path, a file object and a descriptor.
import os
import shutil

shutil.rmtree("files_truncated", ignore_errors=True)
os.mkdir("files_truncated")
os.chdir("files_truncated")
open("log.txt", "w").write("line\n" * 800)
os.truncate("log.txt", 10)
print(os.path.getsize("log.txt"), repr(open("log.txt").read()))
open("grow.bin", "wb").write(b"ab")
os.truncate("grow.bin", 6)
print(open("grow.bin", "rb").read())
with open("kept.txt", "w") as f:
    f.write("abcdef")
    f.flush()
    os.truncate("kept.txt", 2)
    print(os.path.getsize("kept.txt"))
print(repr(open("kept.txt").read()))
with open("object.bin", "wb") as f:
    f.write(b"ab")
    f.truncate(5)
    print(f.tell())
    f.write(b"c")
print(open("object.bin", "rb").read())
with open("appended.bin", "ab") as f:
    f.write(b"ab")
    f.truncate(5)
    f.write(b"c")
print(open("appended.bin", "rb").read())
fd = os.open("descriptor.bin", os.O_RDWR | os.O_CREAT)
os.write(fd, b"q")
os.ftruncate(fd, 4)
print(os.lseek(fd, 0, os.SEEK_CUR), os.fstat(fd).st_size)
os.close(fd)
print(open("descriptor.bin", "rb").read())
