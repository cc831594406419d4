import xml.etree.ElementTree as ET
from xml.parsers import expat
cases = [
    "<a><b></a>", "<a>", "", "   \n", "<a></a><b/>", "<a/>junk", "text only", "<a b=c/>", "<a b='1' b='2'/>",
    "<a>&nope;</a>", "<a>&#0;</a>", "<a>\n  <b>\n</a>", "<a><!-- x -- y --></a>", "<a><![CDATA[open</a>",
    "<a x='<'/>", "<a>]]></a>", "<a><?xml version='1.0'?></a>", "\n<?xml version='1.0'?><a/>", "<p:a/>",
    "<a", "<a b='1'", "</a>", "<1a/>", "<a>&amp</a>", "<a>& b</a>", "<?xml versio='1.0'?><a/>", "<a>\x01</a>",
    "<a b='1'c='2'/>", "<!DOCTYPE a [<!ENTITY a '&b;'><!ENTITY b '&a;'>]><a>&a;</a>",
    "<!DOCTYPE a [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><a>&e;</a>",
    "<!DOCTYPE a SYSTEM 'http://example.com/a.dtd'><a>&ext;</a>",
    "<!DOCTYPE a [<!ENTITY e '<b>'>]><a>&e;</a>",
]
for doc in cases:
    try:
        ET.fromstring(doc)
        print(repr(doc), "parsed")
    except ET.ParseError as e:
        print(repr(doc), "->", e, e.code, e.position)
lol = "<!ENTITY lol0 'lol'>" + "".join(f"<!ENTITY lol{i} '{('&lol%d;' % (i - 1)) * 10}'>" for i in range(1, 10))
bomb = f"<?xml version='1.0'?>\n<!DOCTYPE lolz [{lol}]>\n<lolz>&lol9;</lolz>"
try:
    ET.fromstring(bomb)
except ET.ParseError as e:
    print("billion laughs ->", e, e.code, e.position)
small = f"<!DOCTYPE lolz [{lol}]><lolz>&lol3;</lolz>"
print("a thousand laughs:", len(ET.fromstring(small).text))
try:
    ET.fromstring(b"<?xml version='1.0' encoding='no-such-codec'?><a/>")
except LookupError as e:
    print("LookupError:", e)
try:
    ET.fromstring(b"<a>\xff\xfe</a>")
except ET.ParseError as e:
    print("bad utf-8 ->", e, e.position)
p = expat.ParserCreate()
try:
    p.Parse("<root>\n  <x>1</x>\n  <y>2</z>\n</root>", True)
except expat.ExpatError as e:
    print(type(e).__name__, e.code, e.lineno, e.offset, expat.ErrorString(e.code), expat.errors.messages[e.code])
    print(e.code == expat.errors.codes[expat.errors.XML_ERROR_TAG_MISMATCH], p.ErrorLineNumber, p.ErrorColumnNumber)
