"""The CPython every bench compares with: one command, so the figures in docs/benchmarks.md name the same yardstick.

A new `python3 -c` process is what an agent would otherwise run. It should be a CPython as users have it: built with
the usual optimizations, its standard library compiled, and no site hooks of the machine's. Our build machines'
`python3` on PATH is often a pyenv build: no PGO or LTO, PYTHONDONTWRITEBYTECODE set so every library import compiles
from source, and a `.pth` file that imports certifi at every start. That one took 41-43 ms to start and ran the
everyday programs 1.4-1.8 times slower than Debian's python3, which halved the ratios measured against it
(docs/benchmarks.md, twenty-fourth session).

So: $BENCH_PYTHON if set, else /usr/bin/python3 when it exists (the distribution's), else python3 on PATH; run with
-S (no site module: no machine-specific .pth; the programs need only the standard library), without
PYTHONDONTWRITEBYTECODE, and without PYTHONUNBUFFERED (set on some of our machines): a `python3` writing to a pipe
buffers its stdout. Every bench prints `describe()` with its figures."""
import os
import shutil
import subprocess
import time

EXECUTABLE = os.environ.get("BENCH_PYTHON") or (
    "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else shutil.which("python3") or "python3")
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}


def run(code, *options, args=(), **kwargs):
    """Runs `code` as `python3 -S [options] -c code [args]` in the yardstick's environment; options are interpreter
    options (such as -I), args the program's sys.argv[1:], and other keyword arguments go to subprocess.run."""
    return subprocess.run([EXECUTABLE, "-S", *options, "-c", code, *args], env=ENV, **kwargs)


def ms(code, *options, **kwargs):
    """Runs `code` as run() does and returns how many milliseconds that took, start included: what a new process per
    call costs. Its output is captured unless kwargs say where it goes."""
    if "stdout" not in kwargs and "stderr" not in kwargs:
        kwargs.setdefault("capture_output", True)
    start = time.perf_counter()
    run(code, *options, **kwargs)
    return (time.perf_counter() - start) * 1000


def describe():
    """Which CPython, and what starting it costs (`-c pass`, median of five)."""
    version = run("import sys; print(sys.version.split()[0])", check=True, capture_output=True,
                  text=True).stdout.strip()
    starts = [ms("pass", check=True, stdout=None) for _ in range(5)]
    return f"yardstick: CPython {version} ({EXECUTABLE} -S), start {sorted(starts)[2]:.0f} ms"
