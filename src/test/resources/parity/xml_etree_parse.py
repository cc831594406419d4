import io, os, xml.etree.ElementTree as ET
doc = """<?xml version="1.0" encoding="UTF-8"?>
<!-- inventory -->
<inv:inventory xmlns:inv="urn:inventory" xmlns="urn:default" version="2">
  <item sku="A-1" qty="3"><name>Widget</name><note><![CDATA[<fragile> & light]]></note></item>
  <item sku="B-2" qty="0"><name>Gadget &#x2603; &lt;v2&gt;</name><?render bold?></item>
  <inv:meta xml:lang="en" inv:owner="ops">stock
  report</inv:meta>
</inv:inventory>
"""
with open("inventory.xml", "w", encoding="utf-8") as f:
    f.write(doc)
tree = ET.parse("inventory.xml")
root = tree.getroot()
print(root.tag, root.attrib)
ns = {"d": "urn:default", "inv": "urn:inventory"}
for item in root.findall("d:item", ns):
    print(item.get("sku"), int(item.get("qty")), item.find("d:name", ns).text, repr(item.findtext("d:note", None, ns)))
meta = root.find("inv:meta", ns)
print(meta.attrib, repr(meta.text))
print(ET.tostring(root.find("d:item", ns), encoding="unicode"))
ET.register_namespace("", "urn:default")
ET.register_namespace("inv", "urn:inventory")
print(ET.tostring(root, encoding="unicode")[:160])
events = []
for event, elem in ET.iterparse("inventory.xml", events=("start", "end", "start-ns", "end-ns", "comment", "pi")):
    if event in ("start", "end"):
        events.append((event, elem.tag))
    elif event in ("comment", "pi"):
        events.append((event, elem.text))
    else:
        events.append((event, elem))
for e in events:
    print(*e)
parser = ET.XMLPullParser(events=("start", "end"))
data = b"<log><entry level='info'>started</entry><entry level='warn'>disk 91%</entry><entry level='info'>done</entry></log>"
for start in range(0, len(data), 17):
    parser.feed(data[start:start + 17])
    print(start, [(ev, el.tag, el.get("level")) for ev, el in parser.read_events()])
parser.close()
print(list(parser.read_events()))
latin = "<?xml version='1.0' encoding='iso-8859-1'?><p>caf\xe9 na\xefve</p>".encode("latin-1")
print(ET.fromstring(latin).text, ET.XML(b"\xef\xbb\xbf<bom>ok</bom>").text)
utf16 = "<?xml version='1.0' encoding='utf-16'?><w>\u00fcber</w>".encode("utf-16")
print(ET.fromstring(utf16).text)
entity_doc = "<!DOCTYPE note [<!ENTITY co 'Example Corp'><!ENTITY sig '<b>Regards</b>'>]><note>&co; says hi. &sig;</note>"
note = ET.fromstring(entity_doc)
print(repr(note.text), [(c.tag, c.text, c.tail) for c in note])
big = "<rows>" + "".join(f"<r i='{i}'>{i * i}</r>" for i in range(2000)) + "</rows>"
print(sum(int(r.text) for r in ET.fromstring(big)), len(list(ET.iterparse(io.StringIO(big)))))
os.remove("inventory.xml")
