# Tracebacks whose frames repeat (recursion, mutual recursion), as CPython collapses them, with source lines and
# carets from a module file; a StackSummary subclass that leaves frames out; frames without a line number.
import os
import sys
import traceback

with open("rec_mod.py", "w") as f:
    f.write(
        "def down(n):\n"
        "    if n == 0:\n"
        "        raise ValueError('bottom')\n"
        "    return down(n - 1) + 0\n"
        "\n"
        "def ping(n):\n"
        "    return pong(n)\n"
        "\n"
        "def pong(n):\n"
        "    if n == 0:\n"
        "        {}['k']\n"
        "    return ping(n - 1)\n")
sys.path.insert(0, os.getcwd())
import rec_mod


def shown(text):
    return text.replace(os.getcwd() + os.sep, "")


for depth in (2, 3, 4, 40):
    try:
        rec_mod.down(depth)
    except ValueError:
        print(shown(traceback.format_exc()))

try:
    rec_mod.ping(10)
except KeyError:
    print(shown(traceback.format_exc()))

try:
    rec_mod.down(30)
except ValueError as e:
    stack = traceback.TracebackException.from_exception(e).stack
    print(len(stack), stack[-1].line, stack[-2].line, stack[-2].colno, stack[-2].end_colno, stack[-2].end_lineno)
    print(traceback.extract_tb(e.__traceback__)[5].line)


class Hide(traceback.StackSummary):
    def format_frame_summary(self, frame):
        return None if frame.lineno == 4 else super().format_frame_summary(frame)


print(shown("".join(Hide.from_list(stack).format())))

# A frame without a line number is never taken for a repeat of the one before.
frames = [traceback.FrameSummary("f.py", None, "g", lookup_line=False) for _ in range(5)]
print("".join(traceback.StackSummary.from_list(frames).format()))
print("".join(traceback.format_list([("a.py", 1, "h", "x = 1")] * 6)))
