#!/usr/bin/env python3
"""Writes the parity suite's golden files: each src/test/resources/parity/<name>.py run by CPython 3.12 as
`python -I -c <source>` (the sandbox runs caller code the way `python -c` does) in a new empty directory, with
<name>.stdin as its standard input if there is one, its stdout saved as <name>.out. ParityTest compares
execute_code's stdout with these byte for byte.

Usage: scripts/parity-golden.py [PYTHON]   (default: pyenv's 3.12.1, /root/.pyenv/versions/3.12.1/bin/python3)
A program must exit 0 with empty stderr under CPython, or this script stops: the suite compares clean runs.
"""
import os
import pathlib
import subprocess
import sys
import tempfile

SUITE = pathlib.Path(__file__).resolve().parent.parent / "src" / "test" / "resources" / "parity"
python = sys.argv[1] if len(sys.argv) > 1 else "/root/.pyenv/versions/3.12.1/bin/python3"
version = subprocess.run([python, "-c", "import sys; print(sys.version_info[:2])"], capture_output=True, text=True,
                         check=True).stdout.strip()
if version != "(3, 12)":
    sys.exit(f"{python} is Python {version}; the golden files are CPython 3.12's")
# String hashing fixed and a known time zone, so nothing depends on the machine; programs sort what they print.
env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONHASHSEED": "0", "TZ": "UTC", "LC_ALL": "C.UTF-8",
       "PYTHONIOENCODING": "utf-8"}
for program in sorted(SUITE.glob("*.py")):
    with tempfile.TemporaryDirectory() as cwd:
        # A program's standard input is <name>.stdin when there is one, as ParityTest passes it; else empty.
        stdin = program.with_suffix(".stdin")
        run = subprocess.run([python, "-I", "-c", program.read_text(encoding="utf-8")], cwd=cwd, env=env,
                             input=stdin.read_bytes() if stdin.exists() else b"", capture_output=True, timeout=60)
    if run.returncode != 0 or run.stderr.strip():
        sys.exit(f"{program.name}: exit {run.returncode}\n{run.stderr.decode(errors='replace')}")
    program.with_suffix(".out").write_bytes(run.stdout)
    print(f"{program.stem}: {len(run.stdout)} bytes")
