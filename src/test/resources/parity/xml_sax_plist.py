import xml.sax, plistlib, io
class Counter(xml.sax.ContentHandler):
    def __init__(self):
        super().__init__()
        self.events = []
    def startElement(self, name, attrs):
        self.events.append(("start", name, dict(attrs)))
    def endElement(self, name):
        self.events.append(("end", name))
    def characters(self, content):
        if content.strip():
            self.events.append(("text", content))
h = Counter()
xml.sax.parseString(b"<a x='1'><b>hi</b><c/>tail</a>", h)
print(h.events)
pl = {"name": "demo", "n": 3, "ok": True, "items": [1, 2.5, "x"], "blob": b"\x00\x01"}
data = plistlib.dumps(pl, sort_keys=True)
print(data.decode())
print(plistlib.loads(data) == pl, plistlib.loads(plistlib.dumps(pl, fmt=plistlib.FMT_BINARY)) == pl)
