"""What `import yaml, jinja2` costs in the sandbox, from the packages directory (python-packages/).

Usage: python3 bench/package_imports.py [runs]   (after: mvn -B -DskipTests package)
Starts the packaged server over stdio, waits for a warm pool, then times inside the guest (perf_counter):
- a brand-new interpreter (fresh=true): the first import, nothing cached;
- the caller's warm interpreter: the first run imports, later runs find the modules still loaded
  (library code survives the reset between one caller's runs);
- a small yaml.safe_load/safe_dump and Jinja2 render in the warm interpreter;
and the same import under CPython (python3 -I with the same directory on sys.path) for comparison."""
import os
import sys

from mcp_stdio import ROOT, Server, percentile
import yardstick

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 10
IMPORT = """import time
t = time.perf_counter()
import yaml, jinja2
print((time.perf_counter() - t) * 1000)"""
WORK = """import time, yaml, jinja2
t = time.perf_counter()
doc = yaml.safe_load(yaml.safe_dump({"a": [1, 2, {"b": "c"}], "d": {"e": None}}))
html = jinja2.Environment(autoescape=True).from_string(
    "{% for k, v in doc.items() %}<p>{{ k }}={{ v | string | upper }}</p>{% endfor %}").render(doc=doc)
print((time.perf_counter() - t) * 1000)"""


def guest_ms(server, code, **args):
    result = server.call("execute_code", code=code, timeout_s=120, **args)
    assert result["exit_code"] == 0, result["stderr"]
    return float(result["stdout"])


def summary(label, values):
    print(f"{label}: p50 {percentile(values, 50):.1f} ms, min {min(values):.1f}, max {max(values):.1f} ({len(values)} runs)")


def main():
    print(yardstick.describe())
    server = Server()
    server.wait_until_warm()
    packages = server.call("get_execution_stats")["python_packages"]
    print("packages:", ", ".join(f"{p['name']} {p['version']}" for p in packages))
    fresh = [guest_ms(server, IMPORT, fresh=True) for _ in range(RUNS)]
    first_warm = guest_ms(server, IMPORT)
    warm = [guest_ms(server, IMPORT) for _ in range(RUNS)]
    work = [guest_ms(server, WORK) for _ in range(RUNS)]
    server.close()
    cpython = []
    for _ in range(RUNS):
        out = yardstick.run("import sys; sys.path.append(sys.argv[1])\n" + IMPORT, "-I",
                            args=[os.path.join(ROOT, "python-packages")], check=True, capture_output=True, text=True)
        cpython.append(float(out.stdout))
    summary("import yaml, jinja2 in a fresh interpreter", fresh)
    print(f"import yaml, jinja2, first run in the caller's warm interpreter: {first_warm:.1f} ms")
    summary("import yaml, jinja2, later runs in the warm interpreter", warm)
    summary("yaml round trip + Jinja2 compile and render, warm interpreter", work)
    summary("import yaml, jinja2 under CPython (python3 -I, cold process)", cpython)


if __name__ == "__main__":
    main()
