from xml.dom import minidom
doc = minidom.parseString('<root a="1"><item>one</item><item n="2">two</item><![CDATA[<raw>]]><?pi data?></root>')
print(doc.documentElement.tagName, doc.documentElement.getAttribute("a"))
for item in doc.getElementsByTagName("item"):
    print(item.firstChild.data, item.getAttribute("n") or "-")
print([n.nodeType for n in doc.documentElement.childNodes])
new = doc.createElement("item")
new.appendChild(doc.createTextNode("three & more"))
doc.documentElement.appendChild(new)
print(doc.toxml())
print(doc.toprettyxml(indent="  ")[:200])
