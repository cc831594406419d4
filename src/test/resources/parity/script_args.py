# A script's command line, as `python -c` gives it, and the exits site adds to the builtins.
import argparse
import sys

print(sys.argv)
parser = argparse.ArgumentParser(description="resize images")
parser.add_argument("--width", type=int, default=640)
parser.add_argument("--verbose", action="store_true")
args = parser.parse_args()
print(parser.prog, args.width, args.verbose)
print(parser.format_usage().strip())
print(parser.parse_args(["--width", "80", "--verbose"]))
for leave in (exit, quit):
    try:
        leave(3)
    except SystemExit as e:
        print(type(e).__name__, e.code)
print(repr(exit), type(help).__name__)
try:
    sys.exit("done")
except SystemExit as e:
    print("sys.exit", e.code)
