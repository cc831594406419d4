# Files opened to append and read ("a+", "ab+", O_RDWR | O_APPEND), as agents append to a log or JSONL file and
# read it back through the same handle: writes go to the end, reads from where the position is.
import json
import os

with open("append_plus.jsonl", "w") as f:
    f.write(json.dumps({"n": 1}) + "\n")
with open("append_plus.jsonl", "a+") as f:
    print(f.tell())
    f.write(json.dumps({"n": 2}) + "\n")
    print(f.tell())
    f.seek(0)
    print([json.loads(line)["n"] for line in f])
    f.seek(0)
    f.write(json.dumps({"n": 3}) + "\n")
    f.seek(0)
    print(f.read().splitlines())
with open("append_plus.bin", "ab+") as f:
    f.write(b"12")
    f.seek(0)
    print(f.read(), f.tell())
fd = os.open("append_plus.bin", os.O_RDWR | os.O_APPEND)
os.write(fd, b"34")
os.lseek(fd, 0, os.SEEK_SET)
print(os.read(fd, 100))
os.close(fd)
with open("append_plus.bin", "ab+") as f:
    f.seek(0)
    f.truncate(10)
    f.write(b"56")
    f.seek(0)
    print(f.read(), f.tell())
os.remove("append_plus.jsonl")
os.remove("append_plus.bin")
