"""A worker's first import of the standard-library modules agents reach for beyond the spares' preload.

Usage: python3 bench/first_imports.py [-Dproperty=value ...]   (after: mvn -B -DskipTests package)
Starts the packaged server over stdio, waits until its pool is warm (the quick first worker replaced), then imports
each module below once in a new session: the first time that worker meets it, as an agent's first `import asyncio`
does. Prints the server's duration_ms of each next to `python3 -S -c 'import ...'` as a new process (start
included), then a second import of each in another new session (the code a worker keeps once it has met a module).
Standard library only."""
import sys

from mcp_stdio import Server, percentile, record_worker_cache
import yardstick

PROPERTIES = [a for a in sys.argv[1:] if a.startswith("-D")]
MODULES = ["asyncio", "dataclasses", "typing", "statistics", "pathlib", "decimal", "fractions", "zipfile",
           "textwrap", "hashlib", "base64", "uuid", "urllib.parse", "difflib", "pprint", "heapq", "copy",
           "enum", "tempfile", "shutil", "logging", "inspect", "xml.dom.minidom", "concurrent.futures", "pickle",
           "gzip", "html", "string", "struct", "calendar"]


def first_runs(server):
    durations = {}
    for m in MODULES:
        result = server.call("execute_code", code=f"import {m}", session="new")
        if result["exit_code"] != 0:
            raise SystemExit(f"import {m} failed: {result['stderr'][-300:]}")
        durations[m] = result["duration_ms"]
        server.request("tools/call", {"name": "reset_session", "arguments": {"session": result["session"]}})
    return durations


def main():
    print(yardstick.describe())
    record_worker_cache(*PROPERTIES)
    server = Server(*PROPERTIES)
    try:
        server.wait_until_warm()
        first = first_runs(server)
        second = first_runs(server)
        stats = server.call("get_execution_stats")["sandbox"]
    finally:
        server.close()
    python = {m: yardstick.ms(f"import {m}", check=True) for m in MODULES}
    print(f"{'module':22} {'first ms':>9} {'again ms':>9} {'python3 ms':>11}")
    for m in MODULES:
        print(f"{m:22} {first[m]:9} {second[m]:9} {python[m]:11.0f}")
    print(f"first imports: sum {sum(first.values())} ms, p50 {percentile(list(first.values()), 50)} ms, "
          f"max {max(first.values())} ms; again: sum {sum(second.values())} ms; python3 sum {sum(python.values()):.0f} ms")
    print(f"workers live {stats.get('workers_live')}")


if __name__ == "__main__":
    main()
