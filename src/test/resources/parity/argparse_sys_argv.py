import argparse, sys, io, contextlib
sys.argv = ["report.py", "--limit", "5", "in.csv", "--format=json", "-q", "--tag", "a", "--tag", "b"]
p = argparse.ArgumentParser(description="Make a report.")
p.add_argument("input")
p.add_argument("--limit", type=int, default=10, help="rows to show (default: %(default)s)")
p.add_argument("--format", choices=["json", "csv"], default="csv")
p.add_argument("-q", "--quiet", action="store_true")
p.add_argument("--tag", action="append", default=[])
p.add_argument("--color", action=argparse.BooleanOptionalAction, default=True)
args = p.parse_args()
print(args, p.prog, vars(args)["limit"])
print(p.parse_args(["x", "--no-color"]).color)
print(p.format_help())
g = argparse.ArgumentParser(prog="g")
ex = g.add_mutually_exclusive_group(required=True)
ex.add_argument("--a", action="store_true"); ex.add_argument("--b", action="store_true")
err = io.StringIO()
with contextlib.redirect_stderr(err):
    try:
        g.parse_args(["--a", "--b"])
    except SystemExit as e:
        print("SystemExit", e.code)
print(err.getvalue())
try:
    argparse.ArgumentParser(prog="t", exit_on_error=False).add_argument("--n", type=int) and None
    pp = argparse.ArgumentParser(prog="t", exit_on_error=False); pp.add_argument("--n", type=int); pp.parse_args(["--n", "x"])
except argparse.ArgumentError as e:
    print("ArgumentError:", e)
known, rest = p.parse_known_args(["f", "--unknown", "1"]); print(known.input, rest)
sub = argparse.ArgumentParser(prog="git")
sp = sub.add_subparsers(dest="cmd", required=True, title="commands")
c = sp.add_parser("commit", help="record changes"); c.add_argument("-m", required=True)
sp.add_parser("status", aliases=["st"])
print(sub.parse_args(["commit", "-m", "msg"]), sub.parse_args(["st"]))
with contextlib.redirect_stderr(err):
    for bad in (["commit"], []):
        try:
            sub.parse_args(bad)
        except SystemExit as e:
            print("exit", e.code)
print(err.getvalue().replace("\n\n", "\n"))
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        sub.parse_args(["--help"])
    except SystemExit as e:
        print("help exit", e.code)
print(out.getvalue())
n = argparse.ArgumentParser(prog="n"); n.add_argument("nums", nargs="*", type=float); n.add_argument("--pair", nargs=2, metavar=("K", "V"))
print(n.parse_args(["1", "2.5", "--pair", "k", "v"]), n.format_usage())
