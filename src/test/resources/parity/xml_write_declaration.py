import io, sys
import xml.etree.ElementTree as ET
root = ET.Element("catalog", {"version": "2"})
for i, name in enumerate(["Ünïcode", "plain & <escaped>", 'quote"s']):
    b = ET.SubElement(root, "book", id=str(i))
    b.text = name
    ET.SubElement(b, "empty")
tree = ET.ElementTree(root)
for kwargs in ({}, {"xml_declaration": True}, {"encoding": "utf-8", "xml_declaration": True},
               {"encoding": "us-ascii"}, {"encoding": "iso-8859-1"}, {"short_empty_elements": False}):
    out = io.BytesIO(); tree.write(out, **kwargs); print(kwargs, out.getvalue())
s = io.StringIO(); tree.write(s, encoding="unicode", xml_declaration=True); print(s.getvalue())
print(ET.tostring(root, xml_declaration=True, encoding="utf-8")[:60])
print(ET.tostring(root, method="text", encoding="unicode"))
h = ET.fromstring("<html><body><br/><p>x</p><script>a&lt;b</script></body></html>")
print(ET.tostring(h, method="html", encoding="unicode"))
ET.indent(tree, space="  "); print(ET.tostring(root, encoding="unicode"))
print(ET.canonicalize("<a b='2'  a='1'><c/></a>"))
print(ET.canonicalize('<r xmlns:x="urn:x"><x:y   z="1">t</x:y><!-- c --></r>', with_comments=True, strip_text=True))
c = ET.Comment("a comment"); pi = ET.ProcessingInstruction("xml-stylesheet", 'href="s.css"')
r2 = ET.Element("r"); r2.append(c); r2.append(pi); print(ET.tostring(r2))
tree.write(sys.stdout, encoding="unicode") if False else None
e = ET.Element("x", attrib={"b": "1", "a": "2"}); print(ET.tostring(e))
ET.dump(ET.fromstring("<d><e>dumped</e></d>"))
