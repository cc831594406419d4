# Scripts that print a summary or save their results from an atexit handler.
import atexit
import json

results = {"rows": 0, "errors": []}


@atexit.register
def save():
    print("saved", json.dumps(results, sort_keys=True))


def report(label, *, total):
    print(f"{label}: {total} rows")


def never():
    print("unregistered handlers do not run")


atexit.register(report, "report", total=3)
atexit.register(never)
atexit.unregister(never)
for row in ["a", "b", "", "c"]:
    if row:
        results["rows"] += 1
    else:
        results["errors"].append("empty row")
print("body done")
