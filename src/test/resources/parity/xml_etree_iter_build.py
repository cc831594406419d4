# The trees fromstring and parse build, and Element.iter over them: text and tail None or '', attributes, namespaces,
# the tree changing during iter, subclasses, and the tags iter takes ("*", None, b"*", other objects).
import copy
import io
import pickle
import xml.etree.ElementTree as ET


def show(e):
    return (e.tag, e.attrib, e.text, e.tail, len(e))


doc = ('<r a="1" b=\'x&amp;y&#10;z\' c="t\tu\nv"><e/><t>text</t><w> </w><c><![CDATA[]]></c><d><![CDATA[<>]]></d>'
       '<m>x<!-- c -->y<?pi z?>w</m><k/>tail<l></l>\n <n>&lt;&#x41;&gt;</n>after</r>')
root = ET.fromstring(doc)
print(show(root))
for e in root:
    print(show(e))
print(root.findtext("e"), root.findtext("t"), root.findtext("zz"), root.findtext("zz", "D"), repr(root.findtext("c")))
print(root.find("k").tail, root.find("e").text is None, root.find("l").text, root.get("b"), root.get("zz", "dflt"))
print(list(root.items()), list(root.keys()), sorted(root.attrib.items()))

# Every element has its own attrib dict and its own list of children.
root[0].set("new", "1")
root[0].append(ET.Element("inside"))
print(root[0].attrib, root[5].attrib, len(root[0]), len(root[5]), len(root[6]), [c.tag for c in root[0]])
root[1].text = None
root[1].tail = ""
print(ET.tostring(root[1]), ET.tostring(root[0]))

ns = ET.fromstring('<a:r xmlns:a="urn:a" xmlns="urn:d" a:x="1" y="2"><i/><a:i xml:lang="en"/>'
                   '<j xmlns=""><i/></j><b:i xmlns:b="urn:b" b:z="3"/></a:r>')
print([(e.tag, sorted(e.attrib.items())) for e in ns.iter()])
print([e.tag for e in ns.iter("{urn:d}i")], [e.tag for e in ns.iter("i")], len(ns.findall("{urn:d}i")), len(ns.findall("j")))
print([e.tag for e in ns.findall("a:i", {"a": "urn:a"})], ns.find("{urn:d}j"), ns.find("j").tag)

tree = ET.parse(io.BytesIO(b'<?xml version="1.0" encoding="UTF-8"?>\n<r><a>1</a>\n<a>2<b/>3</a></r>\n<!-- end -->\n'))
print([show(e) for e in tree.iter()], [e.text for e in tree.iter("a")], tree.getroot().tail)
one = ET.fromstring("<only/>")
print(show(one), list(one.iter()) == [one], list(one.iter("x")), list(one.iter("only")) == [one])

deep = ET.fromstring("<d>" * 3000 + "leaf" + "</d>" * 3000)
depth, e = 1, deep
while len(e):
    e = e[0]
    depth += 1
print("deep", depth, e.text, sum(1 for _ in deep.iter()), sum(1 for _ in deep.iter("d")))

copied = copy.deepcopy(root)
print(ET.tostring(copied) == ET.tostring(root), copied[0] is not root[0], copied[0].attrib is not root[0].attrib)
print(ET.tostring(pickle.loads(pickle.dumps(root))) == ET.tostring(root))
print(ET.tostring(root, encoding="unicode"))


def name(tag):
    return "Comment" if tag is ET.Comment else tag if isinstance(tag, str) else repr(tag)


def tags(elements):
    return [name(e.tag) for e in elements]


# iter's tags: "*", None, b"*" and a str subclass "*" are every element; bytes tags; a Comment; other objects.
walkable = ET.fromstring("<r><a><b/><a/></a><c/>t<a/></r>")
walkable.append(ET.Comment("note"))
ET.SubElement(walkable, b"by")
for tag in [None, "*", b"*", "a", "b", "zz", b"by", "by", ET.Comment]:
    print(repr(name(tag)), tags(walkable.iter(tag)))


class Star(str):
    def __eq__(self, other):
        print("Star.__eq__", name(other))
        return False

    __hash__ = str.__hash__


print(len(list(walkable.iter(Star("*")))), tags(walkable.iter(Star("a"))))


class Tag:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        print("Tag.__eq__", self.name, getattr(other, "name", other))
        return NotImplemented

    __hash__ = object.__hash__


odd = ET.Element("r")
sought = Tag("sought")
ET.SubElement(odd, Tag("other"))
ET.SubElement(odd, sought)
nan = float("nan")
ET.SubElement(odd, nan)
print(len(list(odd.iter(sought))), len(list(odd.iter(nan))))


# Element subclasses in the tree: iter walks their children itself, without calling their own iter.
class Custom(ET.Element):
    def iter(self, tag=None):
        yield "custom"


class Plain(ET.Element):
    pass


mixed = ET.fromstring("<r><a/></r>")
custom = Custom("custom")
ET.SubElement(custom, "inner")
plain = Plain("plain")
plain.append(ET.Element("deeper"))
mixed.append(custom)
mixed[0].append(plain)
print(tags(mixed.iter()), tags(mixed.iter("inner")), list(custom.iter()), tags(plain.iter()), tags(Plain.iter(custom)))
print(tags(mixed.iter("deeper")), [e.tag for e in mixed.findall(".//inner")], list(mixed.itertext()))


# The tree changing during iter: what the walk has not reached yet is read when it gets there.
def walk(tag, change):
    tree = ET.fromstring("<r><a><b/><c/></a><d/><e><f/><a>x</a></e><a/></r>")
    seen = []
    for e in tree.iter(tag):
        seen.append(e.tag)
        change(tree, e, seen)
    return seen


def append_to_leaf(tree, e, seen):
    if e.tag in ("d", "a") and not len(e) and e.text is None and len(seen) < 8:
        ET.SubElement(e, "d1")
        ET.SubElement(e, "a")


def clear_subtree(tree, e, seen):
    if e.tag == "a" and len(e):
        e.clear()


def remove_next(tree, e, seen):
    if e.tag in ("d", "a") and len(tree) > 3:
        tree.remove(tree[2])


def insert_before(tree, e, seen):
    if e.tag in ("d", "a") and len(tree) < 5:
        tree.insert(0, ET.Element("a"))


def replace_children(tree, e, seen):
    if e.tag in ("b", "a") and len(e) == 2:
        e[:] = [ET.Element("x"), ET.Element("y"), ET.Element("a")]


def append_to_root(tree, e, seen):
    if len(seen) < 12:
        tree.append(ET.Element("late%d" % len(seen) if seen[-1] != "a" else "a"))


def move_up(tree, e, seen):
    if e.tag == "a" and len(seen) < 3:
        tree.append(tree[0])  # the walk meets it again at the end


for change in (append_to_leaf, clear_subtree, remove_next, insert_before, replace_children, append_to_root, move_up):
    print(change.__name__, walk(None, change), walk("a", change))

walker = walkable.iter("a")
first = next(walker)
first.clear()
ET.SubElement(first, "a")
print(first.tag, tags(walker))
