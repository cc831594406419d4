from xml.dom import minidom
import xml.dom
doc = minidom.parseString('<?xml version="1.0"?><inv xmlns:x="urn:x"><item sku="a1" qty="2">Widget</item><item sku="b2">Gadget<!--c--></item><x:meta/></inv>')
print(doc.documentElement.tagName, [i.getAttribute("sku") for i in doc.getElementsByTagName("item")])
print(doc.getElementsByTagName("item")[1].getAttribute("qty") == "", doc.getElementsByTagName("item")[0].firstChild.data)
print(doc.getElementsByTagNameNS("urn:x", "meta")[0].tagName, doc.documentElement.getAttribute("xmlns:x"))
print(doc.toprettyxml(indent="  "))
print(doc.toxml())
print(doc.documentElement.toxml(encoding="utf-8")[:30])
new = minidom.Document()
root = new.createElement("report"); new.appendChild(root)
root.setAttribute("z", "1"); root.setAttribute("a", "2")
child = new.createElement("row"); child.appendChild(new.createTextNode("a < b & c")); root.appendChild(child)
root.appendChild(new.createCDATASection("raw <stuff>"))
root.appendChild(new.createComment("note"))
print(new.toprettyxml(indent="\t", encoding="utf-8").decode())
print(root.toprettyxml(indent=" ", newl="|"))
print(child.parentNode.nodeName, child.nodeType == xml.dom.Node.ELEMENT_NODE, root.hasAttribute("z"), list(root.attributes.keys()))
root.removeChild(child); print(len(root.childNodes), root.childNodes[0].nodeType)
try:
    minidom.parseString("<a><b></a>")
except Exception as e:
    print(type(e).__name__, e)
import io
buf = io.StringIO(); new.writexml(buf, addindent="  ", newl="\n"); print(buf.getvalue())
print(minidom.parseString("<a> x <b/> y </a>").documentElement.childNodes.length)
d2 = minidom.parseString("<a><b>1</b><b>2</b></a>"); d2.normalize()
print([n.firstChild.nodeValue for n in d2.getElementsByTagName("b")], d2.documentElement.cloneNode(True).toxml())
