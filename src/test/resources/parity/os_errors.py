# What the system says about errors and the terminal, as agents print an OSError or size a table to the terminal:
# os.strerror is glibc's text for every errno (GraalPy's had older ones, and failed past every except clause from
# 35 on), a traceback of an error GraalPy raised shows glibc's text, and a run's output is never a terminal.
import errno
import os
import shutil
import sys
import traceback

for code in range(0, 133):
    print(code, errno.errorcode.get(code, "-"), os.strerror(code))
print([os.strerror(code) for code in (133, 134, 135, 1000)])
try:
    os.strerror("9")
except TypeError as e:
    print("TypeError", e)
for call in (lambda: os.close(4321), lambda: os.read(4321, 1), lambda: os.fstat(4321)):
    try:
        call()
    except OSError as e:
        print(e.errno, errno.errorcode[e.errno], traceback.format_exception_only(e)[-1], end="")
print(shutil.get_terminal_size(), shutil.get_terminal_size((100, 40)))
for fd in (0, 1, 2, sys.stdout.fileno(), 4321):
    try:
        print(os.get_terminal_size(fd))
    except OSError as e:
        print(fd, "not a terminal:", errno.errorcode[e.errno])
try:
    os.get_terminal_size()
except OSError as e:
    print(e)
os.environ["COLUMNS"], os.environ["LINES"] = "120", "50"
print(shutil.get_terminal_size())
