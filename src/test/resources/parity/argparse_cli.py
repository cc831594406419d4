import argparse, shlex, contextlib, io
p = argparse.ArgumentParser(prog="tool", description="Demo tool.")
p.add_argument("files", nargs="+")
p.add_argument("-n", "--count", type=int, default=1)
p.add_argument("-v", "--verbose", action="count", default=0)
p.add_argument("--mode", choices=["fast", "slow"], default="fast")
top = argparse.ArgumentParser(prog="top")
sub = top.add_subparsers(dest="cmd")
s = sub.add_parser("run")
s.add_argument("--dry", action="store_true")
s.add_argument("target")
print(p.parse_args(shlex.split("a.txt 'b c.txt' -n 3 -vv --mode slow")))
print(top.parse_args(["run", "--dry", "x"]))
print(shlex.split('cmd --opt="a b" \'c d\' e\\ f'), shlex.quote("it's"), shlex.join(["a b", "c"]))
print(p.format_usage())
err = io.StringIO()
try:
    with contextlib.redirect_stderr(err):
        p.parse_args(["--count", "zz", "f"])
except SystemExit as e:
    print("exit", e.code, err.getvalue().splitlines()[-1])
