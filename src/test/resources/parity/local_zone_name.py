# The local time zone's name as timestamps print it (TZ=UTC).
import datetime
import time

local = datetime.datetime(2024, 5, 1, 12, 0).astimezone()
print(local.tzname(), local.strftime("%Y-%m-%d %H:%M %Z"), time.tzname)
