import io
import xml.sax
from xml.sax.saxutils import escape, unescape, quoteattr, XMLGenerator
from xml.sax.handler import ContentHandler, ErrorHandler, feature_namespaces
class H(ContentHandler):
    def __init__(self):
        super().__init__(); self.events = []; self.text = []
    def startDocument(self): self.events.append("startDocument")
    def startElement(self, name, attrs): self.events.append(("start", name, dict(attrs))); self.text.append("")
    def endElement(self, name): self.events.append(("end", name, self.text.pop().strip()))
    def characters(self, c):
        if self.text: self.text[-1] += c
    def endDocument(self): self.events.append("endDocument")
h = H()
xml.sax.parseString(b"<orders><o id='1' v='x'>A &amp; B</o><o id='2'/></orders>", h)
print(h.events)
class NS(ContentHandler):
    def startElementNS(self, name, qname, attrs):
        print("startNS", name, qname, sorted(attrs.items(), key=str), [attrs.getQNameByName(n) for n in attrs.getNames()])
    def startPrefixMapping(self, prefix, uri): print("prefix", prefix, uri)
p = xml.sax.make_parser(); p.setFeature(feature_namespaces, True); p.setContentHandler(NS())
p.parse(io.BytesIO(b'<r xmlns="urn:d" xmlns:q="urn:q"><q:c q:at="1" plain="2"/></r>'))
class Errs(ErrorHandler):
    def fatalError(self, exc): print("fatal:", exc.getMessage(), exc.getLineNumber(), exc.getColumnNumber()); raise exc
try:
    xml.sax.parseString(b"<a>\n<b></a>", ContentHandler(), Errs())
except xml.sax.SAXParseException as e:
    print("SAXParseException:", e)
print(escape("<a & b>"), escape("x", {"x": "&#120;"}), unescape("&lt;&amp;&gt;"), quoteattr('say "hi"'), quoteattr("it's \"q\""))
out = io.StringIO(); g = XMLGenerator(out, encoding="utf-8", short_empty_elements=True)
g.startDocument(); g.startElement("root", {"a": "1&2"}); g.characters("t<x>"); g.startElement("e", {}); g.endElement("e"); g.endElement("root"); g.endDocument()
print(out.getvalue())
loc = []
class L(ContentHandler):
    def setDocumentLocator(self, l): self.l = l
    def startElement(self, name, attrs): loc.append((name, self.l.getLineNumber(), self.l.getColumnNumber()))
xml.sax.parseString(b"<a>\n  <b/>\n    <c/></a>", L()); print(loc)
