import json, decimal, collections
print(json.dumps([float("nan"), float("inf"), -float("inf")]), json.loads("[NaN, Infinity, -Infinity]"))
try:
    json.dumps(float("nan"), allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
big = 2 ** 70; print(json.dumps(big), json.loads("123456789012345678901234567890"), json.loads("1e400"), json.loads("-0"), json.loads("-0.0"), json.loads("1.0E+2"))
print(json.dumps(collections.OrderedDict([("z", 1), ("a", 2)])), json.dumps({"z": 1, "a": {"c": 1, "b": 2}}, sort_keys=True))
print(json.dumps({"a": [1, 2]}, separators=(",", ":")), json.dumps({"a": 1}, separators=(";", "=")), json.dumps("é€😀\u2028"), json.dumps("é€😀", ensure_ascii=False))
print(json.dumps({1: "int", 2.5: "float", True: "bool", None: "none"}), json.dumps((1, 2)), json.dumps("\x00\x1f\"\\/"))
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({(1, 2): 3, "k": 1}, skipkeys=True))
try:
    json.dumps({1, 2})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps(decimal.Decimal("1.10"), default=str), json.dumps({"d": decimal.Decimal("2.5")}, default=float))
print(json.loads('{"a": 1.10}', parse_float=decimal.Decimal), json.loads('{"a": 1, "a": 2}'), json.loads('[1, 2]', parse_int=str))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=collections.OrderedDict), json.loads('{"x": 1}', object_hook=lambda d: sorted(d.items())))
for bad in ['{"a": 1,}', "[1, 2", "{'a': 1}", "", '"\\x"', "01", "[1] x", "tru", '{"a" 1}', "\ufeff[1]"]:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e.msg, e.lineno, e.colno, e.pos)
print(json.loads('"\\ud83d\\ude00"'), json.loads(b'{"bytes": true}'), json.loads('"\\u00e9"'), json.loads(" [ 1 ,\n 2 ] "))
class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set): return sorted(o)
        return super().default(o)
print(json.dumps({"s": {3, 1}}, cls=Enc), Enc(indent=1).encode([1]), list(json.JSONEncoder().iterencode({"a": [1]})))
dec = json.JSONDecoder(); print(dec.raw_decode('{"a": 1} trailing'), json.loads("1.5e-3"), json.dumps(1e16), json.dumps(1.0), json.dumps(0.1 + 0.2), json.dumps(-0.0))
