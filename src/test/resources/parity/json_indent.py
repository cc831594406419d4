# json.dumps with indent: layouts, options, and the errors of what cannot be encoded.
import enum
import json
from collections import OrderedDict


class Tier(enum.IntEnum):
    GOLD = 1


class Text(str):
    pass


class Number(float):
    pass


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


doc = {"name": "report", "rows": [{"id": i, "tags": ["a", "b"][: i % 3], "score": i / 3, "ok": i % 2 == 0,
                                   "none": None, "nested": {"empty": {}, "list": [], "deep": [[[i]]]}}
                                  for i in range(2)],
       "unicode": "café ☃ \u2028 tab\t quote\" backslash\\ slash/", "emoji": "🚀", "big": 10 ** 30, "neg": -0.0,
       "floats": [1e-7, 1e22, 3.141592653589793, float("inf"), float("-inf")], 7: "int key", 2.5: "float key",
       True: "bool key", None: "none key", "tier": Tier.GOLD, "text": Text("sub"), "number": Number(1.5),
       "tuple": (1, (2, 3)), "ordered": OrderedDict([("z", 1), ("a", 2)])}
for options in ({"indent": 2}, {"indent": 4, "sort_keys": False}, {"indent": "\t"}, {"indent": 0}, {"indent": -3},
                {"indent": ""}, {"indent": 1, "ensure_ascii": False}, {"indent": 2, "separators": (";", "=")},
                {"indent": 2, "separators": (",", ": ")}, {"indent": True}, {"indent": "--", "sort_keys": False}):
    print(options)
    print(json.dumps(doc, **options) if "sort_keys" in options else json.dumps(
        {str(k): v for k, v in doc.items()}, sort_keys=True, **options))
print(json.dumps([], indent=2), json.dumps({}, indent=2), json.dumps("s", indent=2), json.dumps(1.5, indent=2),
      json.dumps(None, indent=2), json.dumps([[]], indent=2), json.dumps({"a": {}}, indent=2))
print(json.dumps({"p": Point(1, 2)}, indent=2, default=lambda o: vars(o)))
print(json.dumps({(1, 2): "skipped", "kept": 1}, indent=2, skipkeys=True))
print(json.dumps({(1, 2): "skipped"}, indent=2, skipkeys=True))
print(json.dumps({"a": 1}, indent=2.0 if False else 2, check_circular=False))
circular = []
circular.append(circular)
loop = {}
loop["self"] = loop
for value, options in ((circular, {}), (loop, {}), ({"p": Point(1, 2)}, {}), ({(1, 2): 1}, {}),
                       ({"x": float("nan")}, {"allow_nan": False}), ({"b": 1, 1: 2}, {"sort_keys": True}),
                       ({"p": Point(1, 2)}, {"default": lambda o: o})):
    try:
        print(json.dumps(value, indent=2, **options))
    except (TypeError, ValueError, RecursionError) as e:
        print(type(e).__name__, e, getattr(e, "__notes__", None))
try:
    json.dumps([1], indent=2.0)
except TypeError as e:
    print("TypeError", e)
print(len(json.dumps([{"k": list(range(20)), "v": "x" * 50}] * 2000, indent=2)))


class Upper(json.JSONEncoder):
    def default(self, o):
        return str(o).upper()


print(Upper(indent=2).encode({"set": {"only"}, "list": [1]}))
print("".join(json.JSONEncoder(indent=2).iterencode({"a": [1, 2]})))
