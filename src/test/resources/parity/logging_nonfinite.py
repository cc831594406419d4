# A log call given a NaN or an infinity for %d: the handler reports the bad record and the program goes on.
import logging
import statistics
import sys


class ReportingHandler(logging.StreamHandler):
    def handleError(self, record):
        error = sys.exc_info()[1]
        print(f"could not log {record.msg!r} {record.args!r}: {type(error).__name__}: {error}")


log = logging.getLogger("etl")
handler = ReportingHandler(sys.stdout)
handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
log.addHandler(handler)
log.setLevel(logging.INFO)

batches = {"north": [12.0, 15.5, 9.0], "south": [], "east": [float("inf"), 3.0]}
for name, values in batches.items():
    mean = statistics.fmean(values) if values else float("nan")
    log.info("%s: %d rows, mean %.1f", name, len(values), mean)
    log.info("%s: mean rounded %d", name, mean)
    log.info("%(name)s mean %(mean)i", {"name": name, "mean": mean})
log.warning("width %*d|", 6, 42)
print("done")
