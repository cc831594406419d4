import io
import xml.etree.ElementTree as ET
doc = b"""<?xml version="1.0"?>
<root xmlns="urn:default" xmlns:a="urn:a">
  <item id="1"><a:name>first</a:name></item>
  <item id="2"><a:name>second</a:name><extra a:flag="y"/></item>
</root>"""
for event, obj in ET.iterparse(io.BytesIO(doc), events=("start", "end", "start-ns", "end-ns")):
    if event in ("start-ns", "end-ns"):
        print(event, obj)
    else:
        print(event, obj.tag, sorted(obj.attrib.items()))
names = []
for event, el in ET.iterparse(io.BytesIO(doc)):
    if el.tag == "{urn:a}name":
        names.append(el.text)
    el.clear() if el.tag == "{urn:default}item" else None
print(names)
root = ET.fromstring(doc)
ns = {"d": "urn:default", "a": "urn:a"}
print([i.get("id") for i in root.findall("d:item", ns)], root.find(".//a:name", ns).text, root.findtext("d:item/a:name", namespaces=ns))
print(root.find(".//{urn:default}extra").attrib)
ET.register_namespace("", "urn:default"); ET.register_namespace("a", "urn:a")
print(ET.tostring(root, encoding="unicode"))
parser = ET.XMLPullParser(events=("start", "end"))
parser.feed("<r><x>1</x>"); print([(e, el.tag) for e, el in parser.read_events()])
parser.feed("<y/></r>"); parser.close(); print([(e, el.tag) for e, el in parser.read_events()])
try:
    list(ET.iterparse(io.BytesIO(b"<a><b></a>")))
except ET.ParseError as e:
    print("ParseError:", e, e.position, e.code)
it = ET.iterparse(io.BytesIO(b"<a><b/></a>"))
print(next(it)[1].tag, hasattr(it, "root"))
for _ in it: pass
print(it.root.tag)
