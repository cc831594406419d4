import json, enum, dataclasses, datetime, decimal, uuid
class Status(enum.Enum):
    OK = "ok"
class Code(enum.IntEnum):
    A = 1
@dataclasses.dataclass
class Rec:
    s: Status
    c: Code
    when: datetime.date
def default(o):
    if dataclasses.is_dataclass(o): return dataclasses.asdict(o)
    if isinstance(o, enum.Enum): return o.value
    if isinstance(o, (datetime.date, datetime.datetime)): return o.isoformat()
    if isinstance(o, decimal.Decimal): return str(o)
    raise TypeError(f"not serializable: {type(o).__name__}")
print(json.dumps(Rec(Status.OK, Code.A, datetime.date(2024, 1, 2)), default=default))
print(json.dumps({"c": Code.A, Code.A: 1}), json.dumps([decimal.Decimal("1.5")], default=default))
try:
    json.dumps({"u": uuid.UUID(int=1)}, default=default)
except TypeError as e:
    print("TypeError:", e)
try:
    json.dumps(Status.OK)
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({"b": 1, "a": [1.0, 1e20, float("inf")]}, sort_keys=True), json.dumps("é€", ensure_ascii=True), json.dumps({(1, 2): 3}, skipkeys=True))
print(json.loads('{"a": 1.0, "b": 10000000000000000000000, "c": 1e400}'), json.loads("[NaN, -Infinity]"), json.loads('"\\u00e9"'))
print(json.dumps({"x": [1, {"y": None}]}, indent=2, separators=(",", ": ")))
