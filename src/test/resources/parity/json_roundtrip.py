import json
doc = {"name": "caf\u00e9", "tags": ["a", "b"], "n": 3, "f": 0.1, "nested": {"x": None, "t": True}, "big": 10**20}
s = json.dumps(doc, sort_keys=True)
print(s)
print(json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True))
back = json.loads(s)
print(back == doc, type(back["big"]).__name__)
print(json.dumps([1.0, 1e100, -0.0, 3.14159], separators=(",", ":")))
print(json.loads('{"a": 1, "a": 2}'))
