import datetime, io, json

records = [{"id": i, "name": f"user{i}", "tags": ["a", "é"], "score": i * 1.5, "ok": i % 2 == 0, "none": None}
           for i in range(300)]


def written(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


# To files and StringIOs, with the options agents pass: the same text as json.dumps.
for options in ({}, {"indent": 2}, {"indent": "\t", "sort_keys": True}, {"separators": (",", ":")},
                {"ensure_ascii": False}, {"indent": 0}, {"skipkeys": True}):
    with open("out.json", "w", encoding="utf-8") as f:
        result = json.dump(records, f, **options)
    text = written("out.json")
    sio = io.StringIO()
    json.dump(records, sio, **options)
    print(options, result, len(text), text == json.dumps(records, **options), sio.getvalue() == text)
    assert json.loads(text) == records

# default=str, as for dates.
when = {"at": datetime.datetime(2026, 12, 4, 18, 30), "day": datetime.date(2026, 12, 4), "n": 1}
with open("when.json", "w") as f:
    json.dump(when, f, default=str, indent=1)
print(written("when.json"))

# Failures leave in the file what CPython's encoder wrote before it raised.
for bad, options in (([1, 2, {"a": [3, object()]}], {}), ([1.5, float("nan")], {"allow_nan": False}),
                     ({"k": [1, 2], 3.5: "x", (1, 2): "tuple key"}, {}), ([1, 2, {"a": [3, object()]}], {"indent": 2})):
    with open("bad.json", "w") as f:
        try:
            json.dump(bad, f, **options)
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
    print(repr(written("bad.json")))
loop = []
loop.append(loop)
with open("loop.json", "w") as f:
    try:
        json.dump({"x": [1, loop]}, f)
    except ValueError as e:
        print("ValueError", e)
print(repr(written("loop.json")))


# A writer of the caller's own and an encoder subclass see the chunks as in CPython.
class Counting:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


c = Counting()
json.dump({"a": [1, 2], "b": {"c": None}}, c)
print(c.parts)


class Upper(json.JSONEncoder):
    def default(self, o):
        return str(o).upper()


seen = []
with open("upper.json", "w") as f:
    json.dump({"s": {1}, "d": datetime.date(2026, 1, 2)}, f, cls=Upper)
    json.dump([complex(1, 2)], f, default=lambda o: seen.append(o) or "c")
print(written("upper.json"), seen)
