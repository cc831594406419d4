# Timestamps with their UTC offset, as log lines and file names carry them: time.strftime's %z.
import logging
import os
import sys
import time

print(time.strftime("%Y-%m-%dT%H:%M:%S%z", time.gmtime(0)), time.strftime("%z %Z", time.localtime(0)))
print(time.strftime("100%% %%z %%%z", time.gmtime(86400)), time.strftime("%z", (2024, 1, 1, 0, 0, 0, 0, 1, 0)))
for zone in ("America/New_York", "Asia/Kolkata", "Europe/Paris"):
    os.environ["TZ"] = zone
    time.tzset()
    print(zone, time.strftime("%Y-%m-%d %H:%M %z %Z", time.localtime(1720000000)))
os.environ["TZ"] = "UTC"  # the log line's time is now: an offset that never changes
time.tzset()
logging.basicConfig(stream=sys.stdout, format="%(asctime)s %(message)s", datefmt="%z")
logging.warning("logged with an offset")
