import json
for bad in ['{"a": 1,}', '[1, 2', '{"a" 1}', 'nul', '"\\x"', '[1] x', '["a", "b\\q"]', '{"k": "\\x"}',
            '"\\u12"', '"\\uzzzz"', '"\\uuzzz"', '"\\ud800\\uzzzz"', '"\\ud800\\x"', '"a\nb"', '"abc']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(f"{bad!r}: {e.msg} at line {e.lineno} col {e.colno} pos {e.pos}")
for bad in ['"\\x"', '"\\uzzzz"']:
    try:
        json.decoder.scanstring(bad, 1)
    except json.JSONDecodeError as e:
        print(f"scanstring {bad!r}: {e.msg} at pos {e.pos}")
try:
    json.dumps({"s": {1, 2}})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps(float("nan")), json.dumps(float("inf")))
try:
    json.dumps(float("nan"), allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
