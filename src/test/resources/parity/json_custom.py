import json
from datetime import date
from decimal import Decimal
class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, date):
            return o.isoformat()
        if isinstance(o, Decimal):
            return str(o)
        return super().default(o)
print(json.dumps({"d": date(2024, 2, 29), "p": Decimal("1.10")}, cls=Enc))
print(json.loads('{"p": 1.10, "q": 2}', parse_float=Decimal))
print(json.loads('[{"k": 1}, {"k": 2}]', object_hook=lambda d: tuple(d.items())))
lines = '{"id": 1}\n{"id": 2}\n\n{"id": 3}\n'
print([json.loads(l)["id"] for l in lines.splitlines() if l.strip()])
