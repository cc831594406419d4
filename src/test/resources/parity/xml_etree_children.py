# Iterating an element's children: loops, list(), `in`, and the tree changing during the loop.
import copy
import xml.etree.ElementTree as ET

root = ET.fromstring("<r><a>1</a><b x='2'/><c>3<d/></c>t</r>")
print([c.tag for c in root], len(list(root)), root[1] in root, ET.Element("b") in root)
print([(c.tag, [g.tag for g in c]) for c in root], [c.tag for c in root[2]], list(root[1]))


def build(n):
    e = ET.Element("e")
    for i in range(n):
        ET.SubElement(e, "k%d" % i).text = str(i)
    return e


e = build(6)
for c in e:
    e.remove(c)  # every other child, as with a list
print("removed while looping:", [c.tag for c in e])

e = build(4)
seen = []
for c in e:
    seen.append(c.tag)
    if len(seen) == 2:
        e.clear()
print("cleared while looping:", seen, len(e), e.attrib, e.text, e.tail)

e = build(2)
seen = []
for c in e:
    seen.append(c.tag)
    if len(e) < 5:
        e.append(ET.Element("new%d" % len(e)))
print("appended while looping:", seen)

e = build(5)
seen = []
for c in e:
    seen.append(c.tag)
    if c.tag == "k1":
        e[:] = [ET.Element("s0"), ET.Element("s1"), ET.Element("s2"), ET.Element("s3")]
print("replaced while looping:", seen)

e = build(3)
it = iter(e)
print(next(it).tag)
e.clear()
print("an iterator after clear():", [c.tag for c in it])

e = build(3)
e.set("a", "1")
e.text, e.tail = "t", "u"
kids = list(e)
e.clear()
print(len(e), list(e.items()), e.text, e.tail, [k.tag for k in kids], e.makeelement("z", {}).tag)
ET.SubElement(e, "again")
print(ET.tostring(e))


class Reversed(ET.Element):
    def __getitem__(self, index):
        n = len(self)
        if not 0 <= index < n:
            raise IndexError(index)
        return super().__getitem__(n - 1 - index)


class Stops(ET.Element):
    def __getitem__(self, index):
        if index == 2:
            raise StopIteration
        return super().__getitem__(index)


class Plain(ET.Element):
    pass


for cls in (Reversed, Stops, Plain):
    e = cls("p")
    for i in range(4):
        ET.SubElement(e, "c%d" % i)
    print(cls.__name__, [c.tag for c in e], ET.SubElement(e, "x") in e, len(e))

tree = ET.fromstring("<r><a><b/><c/></a><d><e/></d><f/></r>")
print([c.tag for c in copy.copy(tree)], [c.tag for c in copy.deepcopy(tree)[0]])
ET.indent(tree)
print(ET.tostring(tree, encoding="unicode"))
walked = []
for el in tree.iter():
    walked.append(el.tag)
    if el.tag == "a":
        el.clear()
print("iter() with a subtree cleared:", walked)

big = ET.fromstring("<r>" + "".join("<i n='%d'><x/><y/><z/></i>" % i for i in range(3000)) + "</r>")
print(sum(1 for item in big for child in item), sum(int(item.get("n")) for item in big if "x" in [c.tag for c in item]))
