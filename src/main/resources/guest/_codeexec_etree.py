"""What CPython's _elementtree accelerates, for GraalPy's ElementTree, which is Python alone. Used by _codeexec_patches.

- The whole-document parse, done by the host (XmlToMarshal). ElementTree.fromstring (XML) and ElementTree.parse with
  their default parser get the tree ElementTree's own XMLParser and TreeBuilder would build, from the host's reading
  of the document: the sandbox's pyexpat is Python, and so are ElementTree's parser and builder, called for every
  element. What the host declines (other encodings, a DOCTYPE, errors) and every other use of XMLParser (feed,
  iterparse, a target of the caller's) take pyexpat as before.
- Element.find, findtext and findall of a tag alone compare the children's tags, as _elementtree does, instead of
  compiling and running an ElementPath selector; Element.iter walks the tree without a generator per element, over
  Element subclasses too (_elementtree calls no subclass's iter), and takes "*" and b"*" alike, as _elementtree does.
- `for child in element` (and list(), `in`, the serializer, copy): ElementTree's Element has no __iter__, so each child
  was a Python __getitem__ call and each loop's end a raised IndexError, 30-80 times CPython's time. It iterates over
  its list of children instead, which reads it by index as the sequence protocol does; clear() empties that list in
  place, as _elementtree empties its own, so a loop over an element that is cleared stops there too. A subclass with
  a __getitem__ of its own is iterated through it, as before.
- Element.keys() and items() are lists, as _elementtree's are, not views of the attrib dict.
- A parse error is one ParseError, as _elementtree raises it: the Python parser raised it while handling the expat
  error it came from, and a traceback showed both.
"""

import marshal

from _codeexec_patches import stand_in


def accelerate(ET, parse_on_host):
    Element, TreeBuilder, XMLParser = ET.Element, ET.TreeBuilder, ET.XMLParser
    element_init = Element.__init__
    new, loads = object.__new__, marshal.loads
    fromstring = ET.XML

    def build(tree):
        # The host's flat tree: each element in document order, with its parent's list of children, which appending
        # the elements fills. One loop: a Python call per element, recursing, took 1.3 times as long. Assigning each
        # element a __dict__ made by the host was faster still, but the attributes of such an object read slower
        # (Element.get 1.2-2 times) and it holds more memory. Each element is made, filled and appended in the loop:
        # made by one map() and appended by another, with a zip() of both lists, the build allocated about three
        # times as much (a builtin's call through map() allocates some 250 bytes), so the collector ran, and copied
        # the young tree, more often.
        nodes = loads(tree)
        top = nodes[0][5]  # the root's: the root is appended to it alone
        for tag, attrib, children, text, tail, parent in nodes:
            # As TreeBuilder leaves them: tag, attrib and _children set by Element.__init__, then text, then tail.
            element = new(Element)
            element.tag = tag
            element.attrib = attrib
            element._children = children
            if text is not None:
                element.text = text
            if tail is not None:
                element.tail = tail
            parent.append(element)
        return top[0]

    def whole(document):
        if (ET.Element is not Element or Element.__init__ is not element_init or ET.TreeBuilder is not TreeBuilder
                or ET.XMLParser is not XMLParser):
            return None  # the caller replaced a class: theirs builds the tree
        if type(document) is str:
            try:
                document = document.encode("utf-8")  # what pyexpat parses a str as
            except UnicodeEncodeError:
                return None
            from_text = True
        elif type(document) is bytes:
            from_text = False
        else:
            return None
        tree = parse_on_host(document.decode("latin-1"), from_text)
        return None if tree is None else build(tree.encode("latin-1"))

    def XML(text, parser=None):
        if not parser:
            root = whole(text)
            if root is not None:
                return root
        return fromstring(text, parser)

    def _parse_whole(self, source):
        # ElementTree.parse calls this on the XMLParser() it made itself, if the class has it.
        chunks = []
        while True:
            data = source.read(65536)
            if not data:
                break
            chunks.append(data)
        document = chunks[0][:0].join(chunks) if chunks else b""
        target = self.target
        if (type(self) is XMLParser and type(target) is TreeBuilder and target._factory is Element
                and not target.insert_comments and not target.insert_pis):
            root = whole(document)
            if root is not None:
                return root
        self.feed(document)
        return self.close()

    plain_paths = {}

    def tag_alone(path, namespaces):
        # _elementtree's checkpath, with no namespace map: a path of a tag alone, which it matches itself, has none of
        # /*[@. outside a {namespace}, and is not a {*}tag or {}tag wildcard. Remembered like ElementPath's selectors.
        if namespaces is not None or type(path) not in (str, bytes):
            return False
        known = plain_paths.get(path)
        if known is None:
            key, path = path, path.decode("latin-1") if type(path) is bytes else path
            known = not (len(path) >= 3 and path[0] == "{" and (path[1] == "}" or path[1] == "*" and path[2] == "}"))
            if known:
                outside = True
                for ch in path:
                    if ch == "{":
                        outside = False
                    elif ch == "}":
                        outside = True
                    elif outside and ch in "/*[@.":
                        known = False
                        break
            if len(plain_paths) > 100:
                plain_paths.clear()
            plain_paths[key] = known
        return known

    # find, findtext and findall check the common case without a call: they are often called once per element.
    def find(self, path, namespaces=None):
        if type(path) is str and namespaces is None and plain_paths.get(path) is True or tag_alone(path, namespaces):
            for child in self._children:
                if child.tag == path:
                    return child
            return None
        return ET.ElementPath.find(self, path, namespaces)

    def findtext(self, path, default=None, namespaces=None):
        if type(path) is str and namespaces is None and plain_paths.get(path) is True or tag_alone(path, namespaces):
            for child in self._children:
                if child.tag == path:
                    text = child.text
                    return "" if text is None else text
            return default
        return ET.ElementPath.findtext(self, path, default, namespaces)

    def findall(self, path, namespaces=None):
        if type(path) is str and namespaces is None and plain_paths.get(path) is True or tag_alone(path, namespaces):
            return [child for child in self._children if child.tag == path]
        return ET.ElementPath.findall(self, path, namespaces)

    list_iterator = iter

    def walk_all(self):
        # Depth first, as _elementtree's iterator: it yields an element, then reads its children when resumed,
        # reading each list of children as it goes, and it walks the children of an Element subclass itself, as
        # _elementtree does, without calling the subclass's iter.
        yield self
        pending = []
        children = list_iterator(self._children)
        while True:
            for element in children:
                yield element
                grandchildren = element._children
                if grandchildren:
                    pending.append(children)
                    children = list_iterator(grandchildren)
                    break
            else:
                if not pending:
                    return
                children = pending.pop()

    def walk_tag(self, tag):
        # walk_all's loop, for a str or bytes tag: == is then what _elementtree's comparison finds.
        if self.tag == tag:
            yield self
        pending = []
        children = list_iterator(self._children)
        while True:
            for element in children:
                if element.tag == tag:
                    yield element
                grandchildren = element._children
                if grandchildren:
                    pending.append(children)
                    children = list_iterator(grandchildren)
                    break
            else:
                if not pending:
                    return
                children = pending.pop()

    def walk_other(self, tag):
        # Any other tag is compared as _elementtree compares it: the same object matches even where == says no.
        for element in walk_all(self):
            found = element.tag
            if found is tag or found == tag:
                yield element

    def iter_elements(self, tag=None):
        # As _elementtree reads it: "*", as a str or bytes, is every element, and no __eq__ of the tag's is called.
        if tag is None or isinstance(tag, str) and str.__eq__(tag, "*") or isinstance(tag, bytes) and bytes.__eq__(tag, b"*"):
            return walk_all(self)
        if type(tag) is str or type(tag) is bytes:
            return walk_tag(self, tag)
        return walk_other(self, tag)

    element_getitem = Element.__getitem__

    def by_index(element):
        index = 0
        while True:
            try:
                child = element[index]
            except (IndexError, StopIteration):  # what ends the sequence protocol's iteration
                return
            yield child
            index += 1

    def element_children(self):
        children = self._children
        if type(children) is list and type(self).__getitem__ is element_getitem:
            return list_iterator(children)
        return by_index(self)

    def clear(self):
        self.attrib.clear()
        children = self._children
        if type(children) is list:
            children.clear()
        else:
            self._children = []
        self.text = self.tail = None

    # _elementtree's keys() and items() are lists; ElementTree's Python Element answered the attrib dict's views,
    # which print as dict_keys([...]) and dict_items([...]) and change as the attributes do.
    def keys(self):
        return list(self.attrib.keys())

    def items(self):
        return list(self.attrib.items())

    for method, name in ((find, "find"), (findtext, "findtext"), (findall, "findall"), (iter_elements, "iter"),
                         (clear, "clear"), (keys, "keys"), (items, "items")):
        setattr(Element, name, stand_in(method, getattr(Element, name)))
    element_children.__name__, element_children.__qualname__ = "__iter__", "Element.__iter__"
    element_children.__module__ = Element.__module__
    Element.__iter__ = element_children
    ET.XML = ET.fromstring = stand_in(XML, fromstring)
    XMLParser._parse_whole = _parse_whole

    def _raiseerror(self, value):
        err = ET.ParseError(value)
        err.code = value.code
        err.position = value.lineno, value.offset
        raise err from None

    XMLParser._raiseerror = stand_in(_raiseerror, XMLParser._raiseerror)
