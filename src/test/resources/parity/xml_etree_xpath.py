import xml.etree.ElementTree as ET
doc = """<lib><shelf n="1"><book lang="en" year="2001"><title>A</title></book><book lang="fr" year="1999"><title>B</title></book></shelf>
<shelf n="2"><book lang="en" year="2010"><title>C</title><title>C2</title></book><magazine/></shelf></lib>"""
root = ET.fromstring(doc)
q = ["book", ".//book", "./shelf/book[@lang='en']", ".//book[title='B']", ".//shelf[magazine]", ".//book[2]", ".//book[last()]",
     ".//title/..", "*/*", ".//book[@year]", ".//*[@n='2']/book", ".//book[title]", "shelf[1]/book", ".//title[.='C2']", ".//book[last()-1]"]
for path in q:
    try:
        print(path, [e.get("year") or e.get("n") or e.tag for e in root.iterfind(path)])
    except Exception as e:
        print(path, type(e).__name__, e)
print(root.findtext(".//magazine"), root.findtext(".//missing", "dflt"), repr(root.findtext(".//magazine", "d")))
for bad in ("[", ".//book[@lang='en'", "book[0]", "/abs"):
    try:
        root.findall(bad)
    except (SyntaxError, TypeError) as e:
        print(type(e).__name__, bad, e)
print([el.tag for el in root.iter() if el.tag != "title"][:6], [t.text for t in root.iter("title")], list(root.itertext()))
b = root.find(".//book"); print(b.keys(), b.items(), b.get("missing", "no"), len(root), root[0][1].find("title").text)
b.set("lang", "de"); del b.attrib["year"]; print(ET.tostring(b))
shelf = root[0]; shelf.remove(shelf[0]); shelf.insert(0, ET.Element("new")); shelf.extend([ET.Element("e1")]); print([c.tag for c in shelf])
try:
    shelf.remove(ET.Element("notthere"))
except ValueError as e:
    print("ValueError")
copy = ET.fromstring(ET.tostring(root)); print(len(list(copy.iter())), ET.iselement(copy), ET.iselement("x"))
class Target:
    def __init__(self): self.depth = 0; self.max = 0
    def start(self, tag, attrib): self.depth += 1; self.max = max(self.max, self.depth)
    def end(self, tag): self.depth -= 1
    def data(self, d): pass
    def close(self): return self.max
p = ET.XMLParser(target=Target()); p.feed(doc); print("max depth", p.close())
tb = ET.TreeBuilder(); tb.start("r", {}); tb.data("t"); tb.start("c", {"a": "1"}); tb.end("c"); tb.end("r"); print(ET.tostring(tb.close()))
