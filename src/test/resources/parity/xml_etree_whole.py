# Whole documents through ElementTree.fromstring and parse: the trees, and the errors of what is not well-formed.
import io
import xml.etree.ElementTree as ET


def show(e):
    return (e.tag, list(e.attrib.items()), e.text, e.tail, [show(c) for c in e])


def outcome(parse):
    try:
        return show(parse())
    except ET.ParseError as e:
        return ("ParseError", str(e), e.code, e.position)


docs = [
    '<a/>', '<a>x</a>', '<a>x<b/>y<c>z</c>w</a>\n', '<?xml version="1.0" encoding="utf-8"?>\n<r><i id="1">t&amp;u</i></r>',
    b'<?xml version="1.0" encoding="latin-1"?><a>\xe9</a>', '<a x="1\r\n2\t3&#10;4"/>', '<a>x<!--c-->y<?p q?>z</a>',
    '<a><![CDATA[]]></a>', '<a><![CDATA[<&>]]>t</a>', '<a>&#13;\r\n</a>', b'\xef\xbb\xbf<a/>',
    '<a xmlns:x="u" x:y="1" z="2" xmlns="d"><b/><x:c xmlns="" q="2"/></a>', '<a xml:lang="en"/>', '<?xml version="1.1"?><a/>',
    '<a x="1"y="2"/>', '<a>]]></a>', '<!-- c --><a/><!-- d -->', '<a:b xmlns:a="u"/>', '<a xmlns:p="u" xmlns:q="u" p:x="1" q:x="2"/>',
    '<a xmlns=""/>', '<a xmlns:p=""/>', '<?xml version="1.0" ?><a/>', '<?xml  version="1.0"?><a/>',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><a/>', '<a><!----></a>', '<a><!-- - --></a>', '<a><!-- -- --></a>',
    '<a>x</a >', '<a>x</a\n>', '<a>&#0;</a>', '<a>&#x1F600;</a>', '<a>\x01</a>', '<a><?xml x?></a>', '<a>\x7f\x85\x9f</a>',
    '<a b="x>y"/>', '<a>a]]b</a>', '<a>]]&gt;</a>', '<a>&#x41;&#65;</a>', '<a>&nbsp;</a>', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>',
    '<a><b></a></b>', '<a></b>', '<a>', '', '   ', '<a/><b/>', 'x<a/>', '<a/>x', '<a b="1" b="2"/>', '<a b=1/>', "<a b='1'/>",
    '<a b="&lt;&gt;&amp;&apos;&quot;"/>', '<a>😀 é 中</a>', '<中/>', '<a 中="1"/>', '<p:a/>', '<a p:b="1"/>', '<xmlns:a/>',
    '<a xmlns:xml="http://www.w3.org/XML/1998/namespace"/>', '<a xmlns:xmlns="u"/>', '<a xmlns="http://www.w3.org/2000/xmlns/"/>',
    '<a>' * 70 + '</a>' * 70, '<a>' * 150 + '</a>' * 150, '<a>' * 64 + 'x' + '</a>' * 64, '<a>\n  <b>1</b>\n  <b>2</b>\n</a>', '<a\n  x="1"\n  y="2"\n/>',
    '<?pi data?><a/>', '<?xml-stylesheet href="x"?><a/>', '<a><?p?></a>', '<a>&#xD800;</a>', '<a>&#65536;</a>', '<a>&#1114112;</a>',
    '<a>&#00000000065;</a>', '<a>& b</a>', '<a>&amp</a>', '<a x="&#9;&#13;"/>', '<a>x\ry\r\nz</a>', '<a x="a\rb"/>', b'<a>\xff</a>',
    '<a><b/>  </a>', '<a>  <b/></a>', '<a b="1" c="2" d="3" e="4"/>', '<a xmlns:p="u"><p:b p:c="1" c="2"/></a>',
    '<a xmlns="u"><b xmlns="v"><c/></b><d/></a>', '<a xmlns:p="u"><b xmlns:p="v"><p:c/></b><p:d/></a>', '<a/ >', '< a/>',
    '<a >x</a>', '<a\tb="1"/>', '<a b = "1" />', '<_a-b.c/>', '<a1/>', '<1a/>', '<-a/>', '<.a/>',
    '<?xml version="1.0" encoding="utf-8" ?>\n\n<a/>\n\n', ' <a/>', '\n<?xml version="1.0"?><a/>', '<a>\ufffe</a>',
    '<a>\ud7ff\ue000\ufffd</a>', '<a>text<b>in</b>tail<c/>more<!--x-->end</a>',
]
for doc in docs:
    parsed = outcome(lambda: ET.fromstring(doc))
    from_file = outcome(lambda: ET.parse(io.BytesIO(doc if isinstance(doc, bytes) else doc.encode())).getroot())
    text = str(parsed) if len(str(parsed)) < 300 else f"{len(str(parsed))} chars, {str(parsed).count('(')} tuples"
    print(repr(doc)[:60], text, "same from a file" if from_file == parsed else from_file)

rows = "".join(f'<item id="{i}"><name>n{i}</name><price>{i * 1.5}</price></item>' for i in range(500))
catalog = ET.fromstring(f'<catalog xmlns:x="urn:x">{rows}<x:end/></catalog>'.encode())
print(len(catalog), sum(float(item.findtext("price")) for item in catalog.iter("item")), catalog[-1].tag)

# find, findtext and findall of a tag alone, and of paths and wildcards; iter while the tree changes.
root = ET.fromstring('<r xmlns:x="urn:x"><a>1</a><b/><x:c>3</x:c><a>2<d>4</d></a><e.f>5</e.f><g:h xmlns:g="g">6</g:h>'
                     'tail<a/></r>')
root.append(ET.Comment("c"))


class Mine(ET.Element):
    pass


mine = Mine("a")
mine.text = "sub"
ET.SubElement(mine, "a").text = "deep"
root.append(mine)


def found(call):
    try:
        result = call()
    except Exception as e:
        return type(e).__name__
    if isinstance(result, list):
        return [(e.tag, e.text) for e in result]
    return (result.tag, result.text) if isinstance(result, ET.Element) else result


for path in ["a", "b", "z", "", ".", "./a", "a/d", ".//d", "{urn:x}c", "{*}c", "{}a", "{urn:x}", "x:c", "e.f", "a[1]",
             "a[d]", "{u/v}a", "{u.v}a", "{a", "a}", "}a", "{", "}", "{}", "{*}", "{}x", "g:h", "{g}h", "a b", "..", "a//",
             b"a"]:
    print(repr(path), found(lambda: root.find(path)), found(lambda: root.findtext(path)),
          found(lambda: root.findtext(path, "D")), found(lambda: root.findall(path)))
for tag in [None, "*", "a", "d", "{urn:x}c", "zz"]:
    print(tag, [(e.tag if isinstance(e.tag, str) else "comment", e.text) for e in root.iter(tag)])
walk = root.iter()
print(next(walk).tag, next(walk).tag)
root.insert(1, ET.Element("inserted"))
root[3].append(ET.Element("appended"))
print([e.tag if isinstance(e.tag, str) else "comment" for e in walk])
print(len(list(ET.ElementTree(root).iter("a"))), [e.tag for e in root.iterfind(".//a")])
