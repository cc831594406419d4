# What traceback shows of the stack and of errors: the script's own frames, with comprehensions inlined as
# CPython 3.12 runs them (no frame of their own).
import traceback


def where():
    return [(frame.name, frame.lineno) for frame in traceback.extract_stack()]


print(where())
rows = [{"id": 1, "total": 5}, {"id": 2}]


def totals():
    return {row["id"]: row["total"]
            for row in rows}


try:
    totals()
except KeyError:
    print(traceback.format_exc())
print([where() for _ in range(1)])
print({key: where()[-2] for key in "k"})
print(next(where() for _ in range(1)))
