# Threads that first-import a module at once: the second waits while the first runs the module's top level, and
# gets the module whole, as importlib's per-module locks make it under CPython. The first import is held inside
# the module until the second importer is seen waiting on the module's lock, so the race is forced.
import importlib
import importlib._bootstrap as bootstrap
import os
import shutil
import sys
import tempfile
import threading
import types
from concurrent.futures import ThreadPoolExecutor

folder = tempfile.mkdtemp()
sys.path.insert(0, folder)
with open(os.path.join(folder, "held_module.py"), "w") as f:
    f.write("import _held\n_held.inside.set()\n_held.release.wait()\nVALUE = 42\n")
with open(os.path.join(folder, "held_package_helper.py"), "w") as f:
    f.write("import held_module\nDOUBLE = held_module.VALUE * 2\n")
importlib.invalidate_caches()


def race(second_import):
    for name in ("held_module", "held_package_helper"):
        sys.modules.pop(name, None)
    held = types.ModuleType("_held")
    held.inside, held.release = threading.Event(), threading.Event()
    sys.modules["_held"] = held
    results = {}

    def first():
        import held_module
        results["first"] = getattr(held_module, "VALUE", "half made")

    def second():
        try:
            results["second"] = second_import()
        except Exception as e:
            results["second"] = type(e).__name__ + ": " + str(e)

    def waiting():
        ref = bootstrap._module_locks.get("held_module")
        lock = ref() if ref is not None else None
        return lock is not None and len(lock.waiters) > 0

    importer = threading.Thread(target=first)
    importer.start()
    held.inside.wait()
    other = threading.Thread(target=second)
    other.start()
    while other.is_alive() and not waiting():
        other.join(0.01)
    held.release.set()
    importer.join()
    other.join()
    print(results["first"], results["second"])


def import_statement():
    import held_module
    return getattr(held_module, "VALUE", "half made")


def import_module():
    return getattr(importlib.import_module("held_module"), "VALUE", "half made")


def from_import():
    from held_module import VALUE
    return VALUE


def through_another_module():
    import held_package_helper
    return held_package_helper.DOUBLE


for form in (import_statement, import_module, from_import, through_another_module):
    race(form)

# Standard modules imported by eight threads at once, each in its own order: every one whole.
names = ["json", "decimal", "datetime", "csv", "re", "fractions", "statistics", "difflib", "textwrap", "pprint"]
probes = {"json": "loads", "decimal": "Decimal", "datetime": "timedelta", "csv": "DictReader", "re": "compile",
          "fractions": "Fraction", "statistics": "median", "difflib": "SequenceMatcher", "textwrap": "dedent",
          "pprint": "pformat"}
barrier = threading.Barrier(8)


def import_all(seed):
    order = names[seed:] + names[:seed]
    barrier.wait()
    return all(hasattr(importlib.import_module(name), probes[name]) for name in order)


with ThreadPoolExecutor(8) as pool:
    print(list(pool.map(import_all, range(8))))
print(__import__("json").loads("[1, 2]"), __import__("decimal").Decimal("1.10") + 1)

sys.path.remove(folder)
shutil.rmtree(folder)
