import xml.etree.ElementTree as ET
doc = """<?xml version="1.0"?>
<catalog xmlns:x="urn:extra">
  <book id="b1" lang="en"><title>Python &amp; XML</title><price>29.99</price><x:note>n1</x:note></book>
  <book id="b2"><title>Caf\u00e9</title><price>9.50</price></book>
  <!-- a comment -->
</catalog>"""
root = ET.fromstring(doc)
print(root.tag, len(root), [b.get("id") for b in root.findall("book")])
for b in root.iter("book"):
    print(b.findtext("title"), float(b.find("price").text), b.attrib)
print(root.find("book/{urn:extra}note").text, root.find(".//book[@id='b2']/title").text)
new = ET.SubElement(root, "book", id="b3")
ET.SubElement(new, "title").text = "<New>"
print(ET.tostring(new, encoding="unicode"))
ET.indent(root)
print(ET.tostring(root, encoding="unicode")[:120])
try:
    ET.fromstring("<a><b></a>")
except ET.ParseError as e:
    print("ParseError:", e, e.position)
