# Epoch timestamps read from data where a missing one is NaN: CPython refuses it.
import datetime

for stamp in (1700000000.5, float("nan")):
    for convert in (lambda s: datetime.datetime.fromtimestamp(s, datetime.timezone.utc),
                    lambda s: datetime.date.fromtimestamp(s)):
        try:
            print(convert(stamp))
        except ValueError as e:
            print("ValueError:", e)
