import re
log = """2024-01-05 10:00:01 ERROR [db] connection lost (code=17)
2024-01-05 10:00:05 INFO [web] GET /index.html 200 0.012s
2024-01-05 10:01:00 WARN [db] slow query 2.5s
2024-01-05 10:02:13 ERROR [web] GET /api/x 500 1.100s
"""
pat = re.compile(r"^(?P<date>\S+) (?P<time>\S+) (?P<level>[A-Z]+) \[(?P<sys>\w+)\] (?P<msg>.*)$", re.M)
for m in pat.finditer(log):
    print(m.group("level"), m["sys"], m.span("msg"), m.groupdict()["msg"][:20])
print(re.findall(r"(\d+\.\d+)s", log))
print(re.findall(r"GET (\S+) (\d{3})", log))
print(re.sub(r"(?<=code=)\d+", lambda m: str(int(m.group()) * 2), log.splitlines()[0]))
print(re.split(r"\s*[,;]\s*", "a , b;c ;d"))
