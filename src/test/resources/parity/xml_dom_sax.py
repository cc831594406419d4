import io, xml.sax, xml.sax.handler, xml.sax.saxutils, plistlib, datetime
from xml.dom import minidom, pulldom
from xml.parsers import expat
doc = minidom.parseString("""<?xml version="1.0"?>
<!DOCTYPE memo [<!ENTITY corp "ACME Ltd"><!ELEMENT memo (to, body)>]>
<memo xmlns:h="urn:html" date="2024-05-01">
  <to>Team &corp;</to>
  <body><h:p>Line one</h:p><h:p class="x">Line &amp; two</h:p><!-- draft --></body>
</memo>""")
print(doc.doctype.name, [doc.doctype.entities.item(i).nodeName for i in range(doc.doctype.entities.length)], doc.doctype.entities["corp"].firstChild.data)
memo = doc.documentElement
print(memo.getAttribute("date"), memo.getElementsByTagName("to")[0].firstChild.data)
print([p.firstChild.data for p in doc.getElementsByTagNameNS("urn:html", "p")])
print([(n.nodeType, n.nodeName) for n in memo.getElementsByTagName("body")[0].childNodes])
print(doc.toprettyxml(indent=" ")[:300])
print(minidom.parseString(b"<?xml version='1.0' encoding='latin-1'?><t>\xe9t\xe9</t>").documentElement.firstChild.data)
try:
    minidom.parseString("<a><b></a>")
except expat.ExpatError as e:
    print("minidom:", e)
events = pulldom.parseString("<list><i>1</i><i>2</i><i>3</i></list>")
total = 0
for event, node in events:
    if event == pulldom.START_ELEMENT and node.tagName == "i":
        events.expandNode(node)
        total += int(node.firstChild.data)
print("pulldom total", total)

class Handler(xml.sax.handler.ContentHandler):
    def __init__(self):
        super().__init__()
        self.out = []
    def setDocumentLocator(self, locator):
        self.locator = locator
    def startElementNS(self, name, qname, attrs):
        self.out.append(("start", name, qname, sorted(attrs.items()), self.locator.getLineNumber(),
                         self.locator.getColumnNumber()))
    def endElementNS(self, name, qname):
        self.out.append(("end", name))
    def characters(self, content):
        self.out.append(("chars", content))
    def startPrefixMapping(self, prefix, uri):
        self.out.append(("prefix", prefix, uri))
    def processingInstruction(self, target, data):
        self.out.append(("pi", target, data))

parser = xml.sax.make_parser()
parser.setFeature(xml.sax.handler.feature_namespaces, True)
h = Handler()
parser.setContentHandler(h)
parser.parse(io.BytesIO(b"<r xmlns='urn:r' xmlns:q='urn:q'>\n <q:x q:id='7'>a\nb</q:x>\n <?go now?>\n</r>"))
for item in h.out:
    print(item)
class Errors(xml.sax.handler.ErrorHandler):
    def fatalError(self, exception):
        print("fatal:", exception.getMessage(), exception.getLineNumber(), exception.getColumnNumber())
        raise exception
try:
    xml.sax.parseString(b"<a>\n<b>\n</a>", xml.sax.handler.ContentHandler(), Errors())
except xml.sax.SAXParseException as e:
    print("SAXParseException:", e)
print(xml.sax.saxutils.escape("<&>"), xml.sax.saxutils.quoteattr('say "hi"'))
plist = b"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Name</key><string>Demo &amp; Co</string>
  <key>Count</key><integer>42</integer>
  <key>Ratio</key><real>0.5</real>
  <key>When</key><date>2024-01-02T03:04:05Z</date>
  <key>Tags</key><array><string>a</string><true/><false/></array>
  <key>Blob</key><data>AAEC</data>
</dict>
</plist>"""
print(plistlib.loads(plist))
print(plistlib.load(io.BytesIO(plist), fmt=plistlib.FMT_XML)["When"] == datetime.datetime(2024, 1, 2, 3, 4, 5))
for bad in (b"<plist><dict><key>x</key></plist>", b"<!DOCTYPE p [<!ENTITY e 'x'>]><plist><string>&e;</string></plist>"):
    try:
        plistlib.loads(bad)
    except Exception as e:
        print(type(e).__name__, e)
