# Subtracting a datetime from a date (and back) mixes two types CPython keeps apart.
import datetime

for a, b in ((datetime.date(2024, 1, 2), datetime.datetime(2024, 1, 1, 12)),
             (datetime.datetime(2024, 1, 2), datetime.date(2024, 1, 1))):
    try:
        print(a - b)
    except TypeError as e:
        print("TypeError:", e)
