# Aware datetimes as lists and reprs print them, and a zone's own repr.
import datetime
from zoneinfo import ZoneInfo

paris = ZoneInfo("Europe/Paris")
moments = [datetime.datetime(2024, 3, 31, 1, 30, tzinfo=paris), datetime.datetime(2024, 7, 1, 9, 0, tzinfo=paris)]
print(moments)
print(repr(ZoneInfo("UTC")), str(paris), [m.utcoffset() for m in moments])


class Zone(ZoneInfo):
    pass


print(repr(Zone("Asia/Tokyo")))
