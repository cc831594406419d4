import io
import xml.sax
import xml.etree.ElementTree as ET
from xml.dom import minidom
from xml.parsers import expat

# Every event expat reports for whole documents, with the position each is reported at.
HANDLERS = ("StartElementHandler", "EndElementHandler", "CharacterDataHandler", "CommentHandler",
            "ProcessingInstructionHandler", "StartCdataSectionHandler", "EndCdataSectionHandler",
            "StartNamespaceDeclHandler", "EndNamespaceDeclHandler", "XmlDeclHandler")
docs = [
    '<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<!-- head -->\n<?pi  some data?>\n'
    '<root a="1" b=\'x&amp;y&#10;z\tw\'>\n  text &lt; &#x20AC; &#128512; more\n  <child/>\n'
    '  <![CDATA[ raw <stuff>\n ]]>\n  <e k="v">in</e><!--c--><?p?> tail ]] &gt; ]</root>\n<!-- after -->\n',
    '<a xmlns="urn:d" xmlns:p="urn:p"><p:b p:x="1" y="2"><c xmlns=""/></p:b>'
    '<d xmlns:q="urn:q" q:z="3" z="4"/><e xml:lang="en">\u00e9t\u00e9</e></a>',
    '<\u00e9l\u00e8ve n="\u00fc">\u65e5\u672c \U0001F600\nx</\u00e9l\u00e8ve>',
]
for number, doc in enumerate(docs):
    for separator, buffered, ordered, prefixes in ((None, False, False, False), ("}", True, True, False),
                                                   (" ", False, True, True)):
        parser = expat.ParserCreate(namespace_separator=separator)
        parser.buffer_text, parser.ordered_attributes, parser.namespace_prefixes = buffered, ordered, prefixes
        events = []
        for name in HANDLERS:
            def handler(*args, name=name):
                events.append((name[:-7], args, parser.CurrentLineNumber, parser.CurrentColumnNumber,
                               parser.CurrentByteIndex))
            setattr(parser, name, handler)
        parser.Parse(doc.encode("utf-8") if number % 2 else doc, True)
        print(number, separator, buffered, len(events))
        for event in events:
            print("  ", event)

# The default handler sees the markup no other handler takes.
parser = expat.ParserCreate()
pieces = []
parser.DefaultHandler = pieces.append
parser.CharacterDataHandler = lambda data: None
parser.Parse(docs[0], True)
print(pieces)

# Encodings: declared, with a byte order mark, Latin-1.
body = '<a b="\u00e9\u20ac">caf\u00e9</a>'
for data in (('<?xml version="1.0" encoding="utf-16"?>' + body).encode("utf-16"), ("\ufeff" + body).encode("utf-8"),
             '<?xml version="1.0" encoding="iso-8859-1"?><a>caf\u00e9</a>'.encode("latin-1")):
    root = ET.fromstring(data)
    print(root.tag, root.attrib, root.text)

# A whole document fed first, then more: what comes after is parsed where the document ended.
for more in (b" <!-- tail -->\n", b"\n\n  <b/>", b"x"):
    parser = expat.ParserCreate()
    parser.Parse(b"<a>\n<b/>\n</a>", False)
    try:
        parser.Parse(more, False)
        parser.Parse(b"", True)
        print("more ok", parser.CurrentLineNumber, parser.CurrentColumnNumber, parser.CurrentByteIndex)
    except expat.ExpatError as e:
        print("more ->", e, e.code, e.lineno, e.offset)

# Files, and SAX's locator during parsing.
data = docs[1].encode("utf-8")
print(ET.tostring(ET.parse(io.BytesIO(data)).getroot()))
print(minidom.parse(io.BytesIO(data)).toxml())
parser = expat.ParserCreate()
parser.StartElementHandler = lambda name, attrs: print("file", name, parser.CurrentLineNumber,
                                                       parser.CurrentColumnNumber)
parser.ParseFile(io.BytesIO(docs[0].encode("utf-8")))


class Positions(xml.sax.ContentHandler):
    def startElement(self, name, attrs):
        print("sax", name, sorted(attrs.items()), self._locator.getLineNumber(), self._locator.getColumnNumber())

    def characters(self, content):
        print("sax text", repr(content), self._locator.getLineNumber(), self._locator.getColumnNumber())


xml.sax.parseString(docs[0].encode("utf-8"), Positions())

# A handler's exception stops the parser: parsing more is an error.
parser = expat.ParserCreate()


def stop(name, attrs):
    if name == "child":
        raise KeyError(name)


parser.StartElementHandler = stop
try:
    parser.Parse(docs[0], True)
except KeyError as e:
    print("stopped at", e)
try:
    parser.Parse("<more/>", True)
except expat.ExpatError as e:
    print("then ->", e.code)
