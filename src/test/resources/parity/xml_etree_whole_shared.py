# The host's whole-document parse shares short texts, values and white space between elements, takes most texts and
# values from the document as they are, and compares end tags in place: the trees are still CPython's, and changing
# one element changes no other.
import xml.etree.ElementTree as ET


def show(e):
    return (e.tag, list(e.attrib.items()), e.text, e.tail, [show(c) for c in e])


def outcome(doc):
    try:
        return show(ET.fromstring(doc))
    except ET.ParseError as e:
        return ("ParseError", str(e), e.code, e.position)


docs = [
    '<a>x</ab>', '<ab>x</a>', '<a>x</a:b>', '<a:b xmlns:a="u">x</a:bc>', '<a:b xmlns:a="u">x</a>', '<a:b xmlns:a="u">x</a:b >',
    '<a>x</a\t>', '<a>x</a', '<a>x</', '<a b="1&amp;2"/>', '<a b="x\ny" c="p&lt;q" d="" e="\'"/>', "<a b='\"'/>",
    '<a b="1', '<a b="<"/>', '<a>x<![CDATA[y]]>z</a>', '<a>&amp;x</a>', '<a>x&amp;</a>', '<a><!--c-->x</a>', '<a>x<!--c--></a>',
    '<a>x<!--c-->y&#65;z<![CDATA[w]]></a>', '<a><b>k</b><b>k</b><b k="v"/><b k="v">  </b>  </a>',
    '<a>\n    <b>12345678</b>\n    <b>123456789</b>\n    <b>12345678</b>\n</a>',
]
for doc in docs:
    print(repr(doc), outcome(doc))

root = ET.fromstring('<r>\n  <i k="v">t</i>\n  <i k="v">t</i>\n  <i/>\n</r>')
first, second, third = root
first.tail += "changed"
first.text += "!"
first.attrib["k"] += "w"
first.append(ET.Element("new"))
print(show(root))
print([len(e) for e in root], first.attrib, second.attrib, repr(second.tail), second.text, third.attrib, len(third))
print(root.text == first.tail[:3], root[1].tail == root.text, root[2].tail)
