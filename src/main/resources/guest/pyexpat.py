"""pyexpat for the sandbox: the interface of CPython's expat binding (what xml.etree, xml.dom.minidom, xml.sax and
plistlib use), over a non-validating XML parser written in Python. GraalPy's own pyexpat is native code, which the
sandbox does not run.

It is written in Python rather than handed to the JDK's parser so that it cannot reach anything outside the guest: it
reads no file, URL or external DTD itself (an external entity goes to ExternalEntityRefHandler, as in expat, or is
skipped), and it runs under the guest's own time and memory limits. Internal entities expand as in expat 2.5, under
expat's amplification limit (billion laughs). Data is parsed as it is fed: each Parse() call reports the events whose
text is complete.
"""

import codecs
import re
import sys
import types

__all__ = ["EXPAT_VERSION", "ErrorString", "ExpatError", "ParserCreate", "XMLParserType",
           "XML_PARAM_ENTITY_PARSING_ALWAYS", "XML_PARAM_ENTITY_PARSING_NEVER",
           "XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE", "error", "errors", "features", "model", "native_encoding",
           "version_info"]

EXPAT_VERSION = "expat_2.5.0"
version_info = (2, 5, 0)
native_encoding = "UTF-8"
features = [("sizeof(XML_Char)", 1), ("sizeof(XML_LChar)", 1), ("XML_DTD", 0), ("XML_CONTEXT_BYTES", 1024),
            ("XML_NS", 0), ("XML_BLAP_MAX_AMP", 100), ("XML_BLAP_ACT_THRES", 8388608)]
XML_PARAM_ENTITY_PARSING_NEVER = 0
XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE = 1
XML_PARAM_ENTITY_PARSING_ALWAYS = 2

# Expat's billion-laughs protection (XML_BLAP_*): past this much text in all, expansions may make at most this many
# times the document's own size.
_AMPLIFICATION_THRESHOLD = 8388608
_AMPLIFICATION_MAX = 100.0

_MESSAGES = [
    "out of memory", "syntax error", "no element found", "not well-formed (invalid token)", "unclosed token",
    "partial character", "mismatched tag", "duplicate attribute", "junk after document element",
    "illegal parameter entity reference", "undefined entity", "recursive entity reference", "asynchronous entity",
    "reference to invalid character number", "reference to binary entity",
    "reference to external entity in attribute", "XML or text declaration not at start of entity",
    "unknown encoding", "encoding specified in XML declaration is incorrect", "unclosed CDATA section",
    "error in processing external entity reference", "document is not standalone",
    "unexpected parser state - please send a bug report", "entity declared in parameter entity",
    "requested feature requires XML_DTD support in Expat", "cannot change setting once parsing has begun",
    "unbound prefix", "must not undeclare prefix", "incomplete markup in parameter entity",
    "XML declaration not well-formed", "text declaration not well-formed", "illegal character(s) in public id",
    "parser suspended", "parser not suspended", "parsing aborted", "parsing finished",
    "cannot suspend in external parameter entity",
    "reserved prefix (xml) must not be undeclared or bound to another namespace name",
    "reserved prefix (xmlns) must not be declared or undeclared",
    "prefix must not be bound to one of the reserved namespace names", "invalid argument",
    "a successful prior call to function XML_GetBuffer is required",
    "limit on input amplification factor (from DTD and entities) breached",
]
_ERROR_NAMES = [
    "NO_MEMORY", "SYNTAX", "NO_ELEMENTS", "INVALID_TOKEN", "UNCLOSED_TOKEN", "PARTIAL_CHAR", "TAG_MISMATCH",
    "DUPLICATE_ATTRIBUTE", "JUNK_AFTER_DOC_ELEMENT", "PARAM_ENTITY_REF", "UNDEFINED_ENTITY",
    "RECURSIVE_ENTITY_REF", "ASYNC_ENTITY", "BAD_CHAR_REF", "BINARY_ENTITY_REF",
    "ATTRIBUTE_EXTERNAL_ENTITY_REF", "MISPLACED_XML_PI", "UNKNOWN_ENCODING", "INCORRECT_ENCODING",
    "UNCLOSED_CDATA_SECTION", "EXTERNAL_ENTITY_HANDLING", "NOT_STANDALONE", "UNEXPECTED_STATE",
    "ENTITY_DECLARED_IN_PE", "FEATURE_REQUIRES_XML_DTD", "CANT_CHANGE_FEATURE_ONCE_PARSING", "UNBOUND_PREFIX",
    "UNDECLARING_PREFIX", "INCOMPLETE_PE", "XML_DECL", "TEXT_DECL", "PUBLICID", "SUSPENDED", "NOT_SUSPENDED",
    "ABORTED", "FINISHED", "SUSPEND_PE", "RESERVED_PREFIX_XML", "RESERVED_PREFIX_XMLNS",
    "RESERVED_NAMESPACE_URI", "INVALID_ARGUMENT", "NO_BUFFER", "AMPLIFICATION_LIMIT_BREACH",
]
(_SYNTAX, _NO_ELEMENTS, _INVALID_TOKEN, _UNCLOSED_TOKEN, _TAG_MISMATCH, _DUPLICATE_ATTRIBUTE, _JUNK,
 _UNDEFINED_ENTITY, _RECURSIVE_ENTITY, _ASYNC_ENTITY, _BAD_CHAR_REF, _BINARY_ENTITY, _EXTERNAL_IN_ATTRIBUTE,
 _MISPLACED_XML_PI, _UNKNOWN_ENCODING, _UNCLOSED_CDATA, _EXTERNAL_ENTITY_HANDLING, _UNBOUND_PREFIX,
 _UNDECLARING_PREFIX, _XML_DECL, _FINISHED, _RESERVED_XML, _RESERVED_XMLNS, _RESERVED_URI,
 _AMPLIFICATION) = (2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 27, 28, 30, 36, 38, 39, 40, 43)

errors = types.ModuleType("pyexpat.errors", "Constants used to describe error conditions.")
errors.codes = {message: code for code, message in enumerate(_MESSAGES, 1)}
errors.messages = {code: message for code, message in enumerate(_MESSAGES, 1)}
for _code, _name in enumerate(_ERROR_NAMES, 1):
    setattr(errors, "XML_ERROR_" + _name, _MESSAGES[_code - 1])

model = types.ModuleType("pyexpat.model", "Constants used to interpret content model information.")
for _name, _value in (("XML_CTYPE_EMPTY", 1), ("XML_CTYPE_ANY", 2), ("XML_CTYPE_MIXED", 3), ("XML_CTYPE_NAME", 4),
                      ("XML_CTYPE_CHOICE", 5), ("XML_CTYPE_SEQ", 6), ("XML_CQUANT_NONE", 0), ("XML_CQUANT_OPT", 1),
                      ("XML_CQUANT_REP", 2), ("XML_CQUANT_PLUS", 3)):
    setattr(model, _name, _value)
sys.modules.setdefault("pyexpat.errors", errors)
sys.modules.setdefault("pyexpat.model", model)


class ExpatError(Exception):
    pass


ExpatError.__module__ = "xml.parsers.expat"
error = ExpatError


def ErrorString(code):
    """Returns string error for given number."""
    return errors.messages.get(code)


_XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace"
_XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/"
_NAME_START = (":A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D"
               "\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\U00010000-\U000EFFFF")
_NAME = "[" + _NAME_START + "][" + _NAME_START + "\\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*"
_S = "[ \t\n]"
_LITERAL = "(?:\"[^\"]*\"|'[^']*')"
_NAME_RE = re.compile(_NAME)
_SPACE_RE = re.compile(_S + "*")
_START_RE = re.compile("<(" + _NAME + ")((?:" + _S + "+" + _NAME + _S + "*=" + _S + "*(?:\"[^<\"]*\"|'[^<']*'))*)"
                       + _S + "*(/?)>")
_ATTRIBUTE_RE = re.compile(_S + "+(" + _NAME + ")" + _S + "*=" + _S + "*(?:\"([^<\"]*)\"|'([^<']*)')")
_END_RE = re.compile("</(" + _NAME + ")" + _S + "*>")
_DATA_RE = re.compile("[^<&]+")
_REFERENCE_RE = re.compile("&(?:(" + _NAME + ")|#([0-9]+)|#x([0-9a-fA-F]+));")
_ILLEGAL_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]|]]>")
_ATTRIBUTE_SPECIAL_RE = re.compile("[&\t\n]")
_PI_RE = re.compile("<\\?(" + _NAME + ")(?:(" + _S + "+)(.*?))?\\?>", re.S)
_XML_DECL_RE = re.compile("<\\?xml" + _S + "+version" + _S + "*=" + _S + "*(\"[0-9.]+\"|'[0-9.]+')(?:" + _S
                          + "+encoding" + _S + "*=" + _S + "*(\"[A-Za-z][A-Za-z0-9._-]*\"|'[A-Za-z][A-Za-z0-9._-]*'))?"
                          + "(?:" + _S + "+standalone" + _S + "*=" + _S + "*(\"(?:yes|no)\"|'(?:yes|no)'))?" + _S
                          + "*\\?>")
_DOCTYPE_RE = re.compile("<!DOCTYPE" + _S + "+(" + _NAME + ")(?:" + _S + "+(?:SYSTEM" + _S + "+(" + _LITERAL + ")|PUBLIC"
                         + _S + "+(" + _LITERAL + ")" + _S + "+(" + _LITERAL + ")))?" + _S + "*([\\[>])")
_DOCTYPE_PIECE_RE = re.compile(_S + "+|" + _LITERAL + "|[^ \t\n\"'\\[>]+|.", re.S)
_ENTITY_RE = re.compile("<!ENTITY" + _S + "+(%" + _S + "+)?(" + _NAME + ")" + _S + "+(?:(" + _LITERAL + ")|(?:SYSTEM"
                        + _S + "+(" + _LITERAL + ")|PUBLIC" + _S + "+(" + _LITERAL + ")" + _S + "+(" + _LITERAL + "))(?:"
                        + _S + "+NDATA" + _S + "+(" + _NAME + "))?)" + _S + "*>")
_NOTATION_RE = re.compile("<!NOTATION" + _S + "+(" + _NAME + ")" + _S + "+(?:SYSTEM" + _S + "+(" + _LITERAL + ")|PUBLIC"
                          + _S + "+(" + _LITERAL + ")(?:" + _S + "+(" + _LITERAL + "))?)" + _S + "*>")
_ELEMENT_RE = re.compile("<!ELEMENT" + _S + "+(" + _NAME + ")" + _S + "+([^>]*?)" + _S + "*>")
_ATTLIST_RE = re.compile("<!ATTLIST" + _S + "+(" + _NAME + ")((?:" + _S + "+" + _NAME + _S + "+(?:CDATA|IDREFS|IDREF|ID"
                         "|ENTITY|ENTITIES|NMTOKENS|NMTOKEN|NOTATION" + _S + "*\\([^)]*\\)|\\([^)]*\\))" + _S
                         + "+(?:#REQUIRED|#IMPLIED|(?:#FIXED" + _S + "+)?" + _LITERAL + "))*)" + _S + "*>")
_ATTDEF_RE = re.compile(_S + "+(" + _NAME + ")" + _S + "+(CDATA|IDREFS|IDREF|ID|ENTITY|ENTITIES|NMTOKENS|NMTOKEN"
                        "|NOTATION" + _S + "*\\([^)]*\\)|\\([^)]*\\))" + _S + "+(#REQUIRED|#IMPLIED|(?:#FIXED" + _S
                        + "+)?(" + _LITERAL + "))")
_PROLOG_WORD_RE = re.compile("[^ \t\n<>&=/*?;'\"\\[\\](|,\x00-\x1f]+")
_PE_REFERENCE_RE = re.compile("%(" + _NAME + ");")
_PREDEFINED = {"lt": "<", "gt": ">", "amp": "&", "apos": "'", "quot": '"'}
_HANDLERS = (
    "StartElementHandler", "EndElementHandler", "ProcessingInstructionHandler", "CharacterDataHandler",
    "UnparsedEntityDeclHandler", "NotationDeclHandler", "StartNamespaceDeclHandler", "EndNamespaceDeclHandler",
    "CommentHandler", "StartCdataSectionHandler", "EndCdataSectionHandler", "DefaultHandler",
    "DefaultHandlerExpand", "NotStandaloneHandler", "ExternalEntityRefHandler", "StartDoctypeDeclHandler",
    "EndDoctypeDeclHandler", "EntityDeclHandler", "XmlDeclHandler", "ElementDeclHandler", "AttlistDeclHandler",
    "SkippedEntityHandler",
)
_PROLOG, _CONTENT, _EPILOG, _FINISHED_STATE = range(4)


class _Failure(Exception):
    """An expat error at an index of the text being parsed (or of the document, when inside an entity)."""

    def __init__(self, code, index):
        super().__init__(code, index)
        self.code, self.index = code, index


class _Incomplete(Exception):
    """The construct at `index` needs more data."""

    def __init__(self, index):
        super().__init__(index)
        self.index = index


class _Entity:
    __slots__ = ("name", "value", "system_id", "public_id", "notation", "open", "size")

    def __init__(self, name, value, system_id, public_id, notation):
        self.name, self.value, self.system_id, self.public_id, self.notation = (name, value, system_id, public_id,
                                                                                 notation)
        self.open = False
        self.size = None  # the text its expansion processes, nested expansions included (_expansion_size)


class xmlparser:
    """XML parser"""

    def __init__(self, encoding, namespace_separator, intern, parent=None):
        for handler in _HANDLERS:
            setattr(self, handler if "Default" not in handler else "_" + handler, None)
        self._text = []
        # expat has one default handler: the attribute set last decides whether internal entities expand
        self._default_name = None
        self._expand_internal = True
        self.buffer_text = False
        self.ordered_attributes = False
        self.specified_attributes = False
        self.namespace_prefixes = False
        self.intern = {} if intern is None else intern
        self._buffer_size = 8192
        self._encoding = encoding
        self._separator = namespace_separator
        self._decoder = None
        self._bad_bytes = False
        self._unknown_encoding = None
        self._pending = b""
        self._carriage_return = False
        self._buf = ""
        self._start = 0
        self._line = 1
        self._column = 0
        self._event = 0
        self._position_cache = (0, 1, 0)
        self._bytes_before = 0
        self._byte_codec = "utf-8"
        self._state = _PROLOG
        self._stack = []
        self._bindings = [{"xml": _XML_NAMESPACE}] if namespace_separator is not None else None
        self._declared = []
        self._error = None
        self._base = None
        self._started = False
        self._chars_before = 0
        self._indirect = 0
        self._entity_depth = 0
        self._attribute_depth = 0
        self._reference_index = 0
        self._standalone = -1
        self._parent = parent
        if parent is None:
            self._entities = {}
            self._parameter_entities = {}
            self._attribute_defaults = {}
            self._may_declare_more = False
            self._xml_decl_allowed = True
        else:
            self._entities = parent._entities
            self._parameter_entities = parent._parameter_entities
            self._attribute_defaults = parent._attribute_defaults
            self._may_declare_more = parent._may_declare_more
            self._xml_decl_allowed = True
            self._state = _CONTENT
            self._bindings = parent._bindings[-1:] if parent._bindings is not None else None
            for name in _HANDLERS + ("_buffer_text", "_ordered_attributes", "_specified_attributes",
                                     "_namespace_prefixes", "_default_name", "_expand_internal"):
                name = name if "Default" not in name else "_" + name
                setattr(self, name, getattr(parent, name))

    # Options and the default handlers are properties; the parser's own state is plain attributes (a __setattr__
    # would cost every assignment in the parsing loop).
    @property
    def buffer_size(self):
        return self._buffer_size

    @buffer_size.setter
    def buffer_size(self, value):
        if not isinstance(value, int):
            raise TypeError("buffer_size must be an integer")
        if value <= 0:
            raise ValueError("buffer_size must be greater than zero")
        self._flush()
        self._buffer_size = value

    @property
    def buffer_text(self):
        return self._buffer_text

    @buffer_text.setter
    def buffer_text(self, value):
        if not value:
            self._flush()
        self._buffer_text = bool(value)

    def _flag(name):
        return property(lambda self: getattr(self, name), lambda self, value: setattr(self, name, bool(value)))

    ordered_attributes = _flag("_ordered_attributes")
    specified_attributes = _flag("_specified_attributes")
    namespace_prefixes = _flag("_namespace_prefixes")
    del _flag

    def _default_handler(name):
        def set_handler(self, handler):
            # expat has one default handler: the attribute set last decides whether internal entities expand
            setattr(self, "_" + name, handler)
            self._default_name = "_" + name
            self._expand_internal = name == "DefaultHandlerExpand"
        return property(lambda self: getattr(self, "_" + name), set_handler)

    DefaultHandler = _default_handler("DefaultHandler")
    DefaultHandlerExpand = _default_handler("DefaultHandlerExpand")
    del _default_handler

    @property
    def buffer_used(self):
        return sum(len(piece.encode("utf-8", "surrogatepass")) for piece in self._text)

    # Positions: the line and column of the current event (or of the error), counted in characters as expat counts
    # them in UTF-8, and its byte index.
    def _position(self, index):
        cached, line, column = self._position_cache
        if index < cached:
            cached, line, column = 0, self._line, self._column
        newlines = self._buf.count("\n", cached, index)
        if newlines:
            line += newlines
            column = index - self._buf.rfind("\n", cached, index) - 1
        else:
            column += index - cached
        self._position_cache = (index, line, column)
        return line, column

    @property
    def CurrentLineNumber(self):
        return self._position(self._event)[0]

    @property
    def CurrentColumnNumber(self):
        return self._position(self._event)[1]

    @property
    def CurrentByteIndex(self):
        if not self._started:
            return -1
        return self._bytes_before + len(self._buf[:self._event].encode(self._byte_codec, "surrogatepass"))

    ErrorLineNumber = CurrentLineNumber
    ErrorColumnNumber = CurrentColumnNumber
    ErrorByteIndex = CurrentByteIndex

    @property
    def ErrorCode(self):
        return 0 if self._error is None else self._error

    def SetBase(self, base):
        self._base = base

    def GetBase(self):
        return self._base

    def GetInputContext(self):
        if not self._started:
            return None
        return self._buf[self._event:self._event + 1024].encode("utf-8", "surrogatepass")

    def SetParamEntityParsing(self, flag):
        return 1

    def UseForeignDTD(self, flag=True):
        if self._started:
            self._raise(26, self._event)
        if flag:
            self._may_declare_more = True

    def ExternalEntityParserCreate(self, context, encoding=None):
        """A parser for an external entity's content, sharing this one's handlers and declarations."""
        return xmlparser(encoding, self._separator, self.intern, parent=self)

    def ParseFile(self, file):
        read = file.read
        while True:
            data = read(2048)
            if not isinstance(data, (bytes, bytearray, str)):
                raise TypeError("read() did not return a bytes object (type=%.400s)" % type(data).__name__)
            if not data:
                break
            self.Parse(data, False)
        return self.Parse(b"", True)

    def Parse(self, data, isfinal=False):
        """Parses `data`; `isfinal` says it is the last piece of the document."""
        if self._state == _FINISHED_STATE:
            self._raise(_FINISHED, self._event)
        self._started = True
        if isinstance(data, str):
            text = data
            self._byte_codec = "utf-8"
        else:
            text = self._decode(bytes(data), isfinal)
        if text:
            if self._carriage_return:
                text = "\r" + text
                self._carriage_return = False
            if "\r" in text:
                if text.endswith("\r") and not isfinal:
                    text = text[:-1]
                    self._carriage_return = True
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            self._append(text)
        elif self._carriage_return and isfinal:
            self._carriage_return = False
            self._append("\n")
        try:
            self._run(isfinal and not self._bad_bytes)
            if self._bad_bytes:
                raise _Failure(_INVALID_TOKEN, len(self._buf))
            failure = None
        except _Failure as failed:
            failure = failed
        except BaseException:
            self._state = _FINISHED_STATE  # as expat stops after a handler's exception
            raise
        if failure is not None:
            # Raised here, outside the handler: the ExpatError has no _Failure as its context, as expat's has none.
            self._event = failure.index
            self._text = []  # expat drops text it had not reported
            self._state = _FINISHED_STATE
            self._raise(failure.code, failure.index)
        self._flush()
        if isfinal:
            self._state = _FINISHED_STATE
        return 1

    def _raise(self, code, index):
        self._error = code
        self._event = index
        line, column = self._position(index)
        failure = ExpatError("%s: line %d, column %d" % (ErrorString(code), line, column))
        failure.code, failure.lineno, failure.offset = code, line, column
        raise failure

    def _append(self, text):
        start = self._start
        if start:
            consumed = self._buf[:start]
            line, column = self._position(start)
            self._line, self._column = line, column
            self._bytes_before += len(consumed.encode(self._byte_codec, "surrogatepass"))
            self._chars_before += start
            self._buf = self._buf[start:] + text
            self._event -= start
            self._start = 0
        else:
            self._buf += text
        self._position_cache = (0, self._line, self._column)

    def _decode(self, data, final):
        if self._decoder is None:
            data = self._pending + data
            codec, data = self._detect(data, final)
            if codec is None:
                self._pending = data
                return ""
            self._pending = b""
            self._byte_codec = codec
            self._decoder = codecs.getincrementaldecoder(codec)("strict")
        try:
            return self._decoder.decode(data, final)
        except UnicodeDecodeError as e:
            # the text before the bad bytes is parsed, then the error is reported where they start
            self._bad_bytes = True
            return self._decoder.decode(e.object[:e.start], True) if e.start else ""

    def _detect(self, data, final):
        """The codec of a byte document and the bytes to decode, or (None, data) to wait for more."""
        declared = self._encoding
        if data.startswith(codecs.BOM_UTF8):
            return "utf-8", data[3:]
        if data.startswith((codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE)):
            return "utf-16", data
        if data.startswith(b"\x00<\x00?"):
            return "utf-16-be", data
        if data.startswith(b"<\x00?\x00"):
            return "utf-16-le", data
        if declared is None and data.startswith(b"<?xml"[:len(data)]) and not final and b"?>" not in data:
            return None, data
        if declared is None and data.startswith(b"<?xml"):
            match = re.match(rb"<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z][A-Za-z0-9._-]*)[\"']", data)
            if match:
                declared = match.group(1).decode("ascii")
        if declared is None:
            return "utf-8", data
        try:
            return codecs.lookup(declared).name, data
        except LookupError:
            # pyexpat raises LookupError from its unknown-encoding handler, after the XML declaration's event
            self._unknown_encoding = declared
            return "latin-1", data

    # Delivery.
    def _chars(self, data):
        if self._buffer_text:
            self._text.append(data)
            return
        handler = self.CharacterDataHandler
        if handler is not None:
            if "\n" in data and data != "\n":
                # expat delivers each newline as its own piece of character data
                for piece in re.split("(\n)", data):
                    if piece:
                        handler(piece)
                        if not self._entity_depth:
                            self._event += len(piece)
            else:
                handler(data)
        else:
            self._default(data)

    def _flush(self):
        if self._text:
            data = "".join(self._text)
            self._text = []
            self._report(self.CharacterDataHandler, data, data)

    def _report(self, handler, text, *args):
        """An event to its handler, or, with none set, its markup to the default handler, as expat does."""
        if handler is not None:
            handler(*args)
        else:
            self._default(text)

    def _default(self, text):
        # expat passes the default handler markup only: the end of an empty element, already reported, has none.
        if text and self._default_name is not None:
            handler = getattr(self, self._default_name)
            if handler is not None:
                handler(text)

    # The parsing loop.
    def _run(self, final):
        buf = self._buf
        n = len(buf)
        i = self._start
        try:
            while i < n:
                state = self._state
                if state == _CONTENT:
                    i = self._content(buf, i, n, final)
                elif state == _PROLOG or state == _EPILOG:
                    i = self._misc(buf, i, n, final)
                else:
                    break
                self._start = i
        except _Incomplete as incomplete:
            i = incomplete.index
            self._start = i
            if final:
                raise _Failure(_UNCLOSED_TOKEN, i) from None
        self._event = n if i >= n else i
        if final:
            if self._state == _PROLOG or (self._state == _CONTENT and self._stack):
                if self._parent is None or self._stack:
                    raise _Failure(_NO_ELEMENTS, n)

    def _misc(self, buf, i, n, final):
        """Before and after the document element: white space, comments, PIs, the DOCTYPE, the document element.
        Anything else fails as expat's prolog tokenizer fails it: a token it knows (a name, a literal, a DTD
        delimiter) is a syntax error before the document element and junk after it; other text is an invalid token."""
        c = buf[i]
        epilog = self._state == _EPILOG
        misplaced = _JUNK if epilog else _SYNTAX
        if c in " \t\n":
            end = _SPACE_RE.match(buf, i).end()
            self._event = i
            self._default(buf[i:end])
            return end
        if c != "<":
            if c in "\"'":
                end = buf.find(c, i + 1) + 1
                if end == 0:
                    raise _Incomplete(i)
                if end < n and buf[end] not in " \t\n[]>(|,":
                    raise _Failure(_INVALID_TOKEN, end)
                raise _Failure(misplaced, i)
            if c in "[]>(|,":
                raise _Failure(misplaced, i)
            word = _PROLOG_WORD_RE.match(buf, i)
            if word is None:
                raise _Failure(_INVALID_TOKEN, i)
            end = word.end()
            if end >= n or buf[end] in " \t\n[]>(|,\"'":
                if end >= n and not final:
                    raise _Incomplete(i)
                raise _Failure(misplaced, i)
            raise _Failure(_INVALID_TOKEN, end)
        if i + 1 >= n:
            raise _Incomplete(i)
        c = buf[i + 1]
        self._event = i
        if c == "?":
            return self._pi(buf, i, n, final)
        if c == "!":
            if buf.startswith("<!--", i) or (n - i < 4 and "<!--".startswith(buf[i:])):
                return self._comment(buf, i, n)
            if buf.startswith("<!DOCTYPE", i) and not epilog:
                return self._doctype(buf, i, n)
            if n - i < 9 and "<!DOCTYPE".startswith(buf[i:]):
                raise _Incomplete(i)
            if i + 2 >= n:
                raise _Incomplete(i)
            c = buf[i + 2]
            if c == "-":
                if i + 3 >= n:
                    raise _Incomplete(i)
                raise _Failure(_INVALID_TOKEN, i + 3)
            if c == "[":
                raise _Failure(misplaced, i)
            word = _NAME_RE.match(buf, i + 2)
            if word is None:
                raise _Failure(_INVALID_TOKEN, i + 2)
            end = word.end()
            if end >= n:
                raise _Incomplete(i)
            if buf[end] in " \t\n":
                raise _Failure(misplaced, i)
            raise _Failure(_INVALID_TOKEN, end)
        if c == "/":
            raise _Failure(_INVALID_TOKEN, i + 1)
        if epilog:
            if _NAME_RE.match(buf, i + 1) is None:
                raise _Failure(_INVALID_TOKEN, i + 1)
            raise _Failure(_JUNK, i)
        self._xml_decl_allowed = False
        self._state = _CONTENT
        return self._start_tag(buf, i, n)

    def _content(self, buf, i, n, final):
        """Content of the document element, until it closes or the data ends."""
        data_re = _DATA_RE
        while i < n:
            c = buf[i]
            if c == "<":
                if i + 1 >= n:
                    raise _Incomplete(i)
                c = buf[i + 1]
                if c == "/":
                    i = self._end_tag(buf, i, n)
                    if not self._stack and self._parent is None:
                        self._state = _EPILOG
                        return i
                elif c == "!":
                    if buf.startswith("<!--", i):
                        self._at(i)
                        self._flush()
                        i = self._comment(buf, i, n)
                    elif buf.startswith("<![CDATA[", i):
                        i = self._cdata(buf, i, n, final)
                    elif n - i < 9 and ("<![CDATA[".startswith(buf[i:]) or "<!--".startswith(buf[i:])):
                        raise _Incomplete(i)
                    else:
                        raise _Failure(_INVALID_TOKEN, i + 2)
                elif c == "?":
                    self._at(i)
                    self._flush()
                    i = self._pi(buf, i, n, final)
                else:
                    i = self._start_tag(buf, i, n)
            elif c == "&":
                i = self._reference(buf, i, n)
            else:
                end = data_re.match(buf, i).end()
                if end == n and not final:
                    # "]]>" may be split across pieces; the rest is delivered when more data comes
                    cut = len(buf[i:end].rstrip("]"))
                    if cut == 0:
                        raise _Incomplete(i)
                    end = i + cut
                data = buf[i:end]
                bad = _ILLEGAL_RE.search(data)
                if bad is not None:
                    raise _Failure(_INVALID_TOKEN, i + bad.start() + (2 if bad.group() == "]]>" else 0))
                if not self._entity_depth:
                    self._event = i
                self._chars(data)
                i = end
        return i

    def _start_tag(self, buf, i, n):
        match = _START_RE.match(buf, i)
        if match is None:
            self._bad_start_tag(buf, i, n)
        if not self._entity_depth:
            self._event = i
        raw_name, raw, empty = match.groups()
        attributes = self._attributes(raw, i + match.start(2) - match.start()) if raw else []
        if self._text:
            self._flush()
        if self._attribute_defaults:
            defaults = self._attribute_defaults.get(raw_name)
            if defaults and not self._specified_attributes:
                present = set(attributes[0::2])
                for key, value in defaults:
                    if key not in present:
                        attributes.append(key)
                        attributes.append(value)
        scoped = False
        if self._bindings is None:
            name = raw_name
        elif ":" in raw_name or (raw and ("xmlns" in raw or ":" in raw)):
            name, attributes = self._namespaces(raw_name, attributes, i)
            scoped = True
        else:
            uri = self._bindings[-1].get(None)
            name = raw_name if uri is None else uri + self._separator + raw_name
        handler = self.StartElementHandler
        if handler is not None:
            if self._ordered_attributes:
                handler(name, attributes)
            else:
                handler(name, dict(zip(attributes[0::2], attributes[1::2])))
        else:
            self._default(match.group())
        if empty:
            if not self._entity_depth:
                self._event = match.end()
            self._report(self.EndElementHandler, "", name)
            if scoped:
                self._end_namespaces()
            if not self._stack and self._parent is None and self._entity_depth == 0:
                self._state = _EPILOG
        else:
            self._stack.append((name, raw_name, self._entity_depth, scoped))
        return match.end()

    def _attributes(self, raw, offset):
        """A start tag's attributes as [name, value, ...]; `offset` is the document index of `raw`."""
        attributes = []
        for attribute in _ATTRIBUTE_RE.finditer(raw):
            key, value, single = attribute.groups()
            if key in attributes[0::2]:
                raise _Failure(_DUPLICATE_ATTRIBUTE, offset + attribute.start(1))
            if value is None:
                value = single
            if _ATTRIBUTE_SPECIAL_RE.search(value) is not None:
                value = self._attribute_value(value, offset)
            attributes.append(key)
            attributes.append(value)
        return attributes

    def _bad_start_tag(self, buf, i, n):
        """Raises the error expat reports for a start tag the fast pattern did not match, or _Incomplete."""
        name = _NAME_RE.match(buf, i + 1)
        if name is None:
            raise _Failure(_INVALID_TOKEN, i + 1)
        j = name.end()
        first = True
        while True:
            k = _SPACE_RE.match(buf, j).end()
            if k >= n:
                raise _Incomplete(i)
            c = buf[k]
            if c == ">":
                return
            if c == "/":
                if k + 1 >= n:
                    raise _Incomplete(i)
                raise _Failure(_INVALID_TOKEN, k + 1)
            if k == j and not first:
                raise _Failure(_INVALID_TOKEN, k)
            attribute = _NAME_RE.match(buf, k)
            if attribute is None:
                raise _Failure(_INVALID_TOKEN, k)
            k = _SPACE_RE.match(buf, attribute.end()).end()
            if k >= n:
                raise _Incomplete(i)
            if buf[k] != "=":
                raise _Failure(_INVALID_TOKEN, k)
            k = _SPACE_RE.match(buf, k + 1).end()
            if k >= n:
                raise _Incomplete(i)
            quote = buf[k]
            if quote not in "\"'":
                raise _Failure(_INVALID_TOKEN, k)
            end = buf.find(quote, k + 1)
            less = buf.find("<", k + 1, n if end < 0 else end)
            if less >= 0:
                raise _Failure(_INVALID_TOKEN, less)
            if end < 0:
                raise _Incomplete(i)
            j = end + 1
            first = False

    def _attribute_value(self, value, index):
        """An attribute's value normalized as XML 1.0 says for CDATA: white space as spaces, references expanded."""
        if "&" not in value:
            return value.replace("\t", " ").replace("\n", " ")
        out = []
        position = 0
        while True:
            amp = value.find("&", position)
            if amp < 0:
                out.append(value[position:].replace("\t", " ").replace("\n", " "))
                return "".join(out)
            out.append(value[position:amp].replace("\t", " ").replace("\n", " "))
            reference = _REFERENCE_RE.match(value, amp)
            if reference is None:
                raise _Failure(_INVALID_TOKEN, index)
            position = reference.end()
            name = reference.group(1)
            if name is None:
                out.append(self._char_reference(reference, index))
                continue
            if name in _PREDEFINED:
                out.append(_PREDEFINED[name])
                continue
            entity = self._entities.get(name)
            if entity is None:
                if self._may_declare_more and self._standalone != 1:
                    continue
                raise _Failure(_UNDEFINED_ENTITY, index)
            if entity.value is None:
                raise _Failure(_EXTERNAL_IN_ATTRIBUTE, index)
            if entity.open:
                raise _Failure(_RECURSIVE_ENTITY, index)
            if not self._entity_depth and not self._attribute_depth:
                self._account(entity)
            if "<" in entity.value:
                raise _Failure(_INVALID_TOKEN, index)
            entity.open = True
            self._attribute_depth += 1
            try:
                out.append(self._attribute_value(entity.value, index))
            finally:
                entity.open = False
                self._attribute_depth -= 1

    def _char_reference(self, reference, index):
        digits = reference.group(2)
        number = int(digits) if digits is not None else int(reference.group(3), 16)
        if (number < 0x20 and number not in (9, 10, 13)) or 0xD800 <= number <= 0xDFFF or number in (
                0xFFFE, 0xFFFF) or number > 0x10FFFF:
            raise _Failure(_BAD_CHAR_REF, index)
        return chr(number)

    def _namespaces(self, name, attributes, index):
        """Resolves prefixes as expat does with a namespace separator, reporting namespace declarations."""
        bindings = self._bindings[-1]
        declared = []
        kept = []
        for position in range(0, len(attributes), 2):
            key = attributes[position]
            if key == "xmlns" or key.startswith("xmlns:"):
                prefix = key[6:] or None
                uri = attributes[position + 1]
                if prefix == "xml" and uri != _XML_NAMESPACE:
                    raise _Failure(_RESERVED_XML, index)
                if prefix == "xmlns":
                    raise _Failure(_RESERVED_XMLNS, index)
                if uri in (_XML_NAMESPACE, _XMLNS_NAMESPACE) and prefix != "xml":
                    raise _Failure(_RESERVED_URI, index)
                if prefix is not None and not uri:
                    raise _Failure(_UNDECLARING_PREFIX, index)
                if not declared:
                    bindings = dict(bindings)
                bindings[prefix] = uri or None
                declared.append(prefix)
            else:
                kept.append(key)
                kept.append(attributes[position + 1])
        self._bindings.append(bindings)
        self._declared.append(declared)
        if declared:
            handler = self.StartNamespaceDeclHandler
            if handler is not None:
                for prefix in declared:
                    handler(prefix, bindings[prefix])
        separator = self._separator
        prefixes = self._namespace_prefixes
        seen = set()
        for position in range(0, len(kept), 2):
            key = kept[position]
            prefix, colon, local = key.partition(":")
            if colon:
                uri = bindings.get(prefix)
                if uri is None:
                    raise _Failure(_UNBOUND_PREFIX, index)
                expanded = uri + separator + local + (separator + prefix if prefixes else "")
                if (uri, local) in seen:
                    raise _Failure(_DUPLICATE_ATTRIBUTE, index)
                seen.add((uri, local))
                kept[position] = expanded
        prefix, colon, local = name.partition(":")
        if colon:
            uri = bindings.get(prefix)
            if uri is None:
                raise _Failure(_UNBOUND_PREFIX, index)
            name = uri + separator + local + (separator + prefix if prefixes else "")
        else:
            uri = bindings.get(None)
            if uri is not None:
                name = uri + separator + name
        return name, kept

    def _end_namespaces(self):
        self._bindings.pop()
        declared = self._declared.pop()
        if declared:
            handler = self.EndNamespaceDeclHandler
            if handler is not None:
                for prefix in reversed(declared):
                    handler(prefix)

    def _end_tag(self, buf, i, n):
        match = _END_RE.match(buf, i)
        if match is None:
            name = _NAME_RE.match(buf, i + 2)
            if name is None:
                if i + 2 >= n:
                    raise _Incomplete(i)
                raise _Failure(_INVALID_TOKEN, i + 2)
            end = _SPACE_RE.match(buf, name.end()).end()
            if end >= n:
                raise _Incomplete(i)
            raise _Failure(_INVALID_TOKEN, end)
        if not self._entity_depth:
            self._event = i
        stack = self._stack
        if not stack:
            raise _Failure(_ASYNC_ENTITY if self._entity_depth else _INVALID_TOKEN, i)
        name, raw, depth, scoped = stack[-1]
        if raw != match.group(1):
            raise _Failure(_TAG_MISMATCH, i + 2)
        if depth != self._entity_depth:
            raise _Failure(_ASYNC_ENTITY, i)
        if self._text:
            self._flush()
        stack.pop()
        self._report(self.EndElementHandler, match.group(), name)
        if scoped:
            self._end_namespaces()
        return match.end()

    def _comment(self, buf, i, n):
        end = buf.find("-->", i + 4)
        if end < 0:
            dashes = buf.find("--", i + 4)
            if dashes >= 0 and dashes + 2 < n:
                raise _Failure(_INVALID_TOKEN, dashes + 2)
            raise _Incomplete(i)
        body = buf[i + 4:end]
        dashes = body.find("--")
        if dashes >= 0:
            raise _Failure(_INVALID_TOKEN, i + 4 + dashes + 2)
        if body.endswith("-"):
            raise _Failure(_INVALID_TOKEN, end + 1)
        bad = _ILLEGAL_RE.search(body)
        if bad is not None and bad.group() != "]]>":
            raise _Failure(_INVALID_TOKEN, i + 4 + bad.start())
        self._at(i)
        self._flush()
        self._report(self.CommentHandler, buf[i:end + 3], body)
        return end + 3

    def _pi(self, buf, i, n, final):
        if _NAME_RE.match(buf, i + 2) is None:
            if i + 2 >= n:
                raise _Incomplete(i)
            raise _Failure(_INVALID_TOKEN, i + 2)
        end = buf.find("?>", i + 2)
        if end < 0:
            raise _Incomplete(i)
        if (buf.startswith("<?xml", i) and (i + 5 == end or buf[i + 5] in " \t\n")):
            if i == 0 and self._bytes_before == 0 and self._xml_decl_allowed and self._state == _PROLOG:
                return self._xml_decl(buf, i, end)
            if self._parent is not None and self._xml_decl_allowed and i == 0:
                self._xml_decl_allowed = False
                return end + 2
            raise _Failure(_MISPLACED_XML_PI, i)
        match = _PI_RE.match(buf, i)
        if match is None or match.end() != end + 2:
            name = _NAME_RE.match(buf, i + 2)
            raise _Failure(_INVALID_TOKEN, i + 2 if name is None else name.end())
        self._xml_decl_allowed = False
        self._at(i)
        self._flush()
        self._report(self.ProcessingInstructionHandler, match.group(), match.group(1), match.group(3) or "")
        return end + 2

    def _xml_decl(self, buf, i, end):
        self._xml_decl_allowed = False
        match = _XML_DECL_RE.match(buf, i)
        if match is None or match.end() != end + 2:
            raise _Failure(_XML_DECL, i if buf.startswith("version", i + 6) else i + 6)
        version, encoding, standalone = match.group(1, 2, 3)
        standalone = -1 if standalone is None else int(standalone[1:-1] == "yes")
        self._standalone = standalone
        self._report(self.XmlDeclHandler, match.group(), version[1:-1],
                     None if encoding is None else encoding[1:-1], standalone)
        if self._unknown_encoding is not None:
            raise LookupError("unknown encoding: " + self._unknown_encoding)
        return end + 2

    def _cdata(self, buf, i, n, final):
        end = buf.find("]]>", i + 9)
        if end < 0:
            if not final or self._entity_depth:
                raise _Incomplete(i)
            self._at(i)
            self._flush()
            if self.StartCdataSectionHandler is not None:
                self.StartCdataSectionHandler()
            if n > i + 9:
                self._event = i + 9
                self._chars(buf[i + 9:])
            raise _Failure(_UNCLOSED_CDATA, n)
        data = buf[i + 9:end]
        bad = _ILLEGAL_RE.search(data)
        if bad is not None:
            raise _Failure(_INVALID_TOKEN, i + 9 + bad.start())
        self._at(i)
        self._flush()
        self._report(self.StartCdataSectionHandler, "<![CDATA[")
        if data:
            self._at(i + 9)  # expat reports the text where it starts, and the section's end at "]]>"
            self._chars(data)
        self._at(end)
        self._flush()
        self._report(self.EndCdataSectionHandler, "]]>")
        return end + 3

    def _reference(self, buf, i, n):
        match = _REFERENCE_RE.match(buf, i)
        if match is None:
            semicolon = buf.find(";", i, i + 1024)
            if semicolon < 0 and n - i < 1024:
                tail = buf[i + 1:]
                if re.fullmatch("#?x?[0-9A-Za-z_.:-]*", tail) or _NAME_RE.fullmatch(tail):
                    raise _Incomplete(i)
            name = _NAME_RE.match(buf, i + 1)
            if name is not None:
                raise _Failure(_INVALID_TOKEN, name.end())
            raise _Failure(_INVALID_TOKEN, i + 1)
        self._at(i)
        name = match.group(1)
        if name is None:
            self._chars(self._char_reference(match, i))
            return match.end()
        predefined = _PREDEFINED.get(name)
        if predefined is not None:
            self._chars(predefined)
            return match.end()
        entity = self._entities.get(name)
        if entity is None:
            if not self._may_declare_more or self._standalone == 1:
                raise _Failure(_UNDEFINED_ENTITY, i)
            self._flush()
            handler = self.SkippedEntityHandler
            if handler is not None:
                handler(name, 0)
            else:
                self._default(match.group())
            return match.end()
        if entity.notation is not None:
            raise _Failure(_BINARY_ENTITY, i)
        if entity.value is None:
            self._flush()
            handler = self.ExternalEntityRefHandler
            if handler is not None:
                if not handler(self._context(name), self._base, entity.system_id, entity.public_id):
                    raise _Failure(_EXTERNAL_ENTITY_HANDLING, i)
            else:
                self._default(match.group())
            return match.end()
        if not self._expand_internal:
            self._flush()
            handler = self.SkippedEntityHandler
            if handler is not None:
                handler(name, 0)
            else:
                self._default(match.group())
            return match.end()
        self._expand(entity, i)
        return match.end()

    def _context(self, name):
        """The context string expat hands ExternalEntityRefHandler: the namespace bindings in scope, then the name."""
        if self._bindings is None:
            return name
        parts = []
        for prefix, uri in self._bindings[-1].items():
            if uri is not None:
                parts.append(("" if prefix is None else prefix) + "=" + uri)
        parts.append(name)
        return "\x0c".join(parts)

    def _expand(self, entity, index):
        """Parses an internal entity's replacement text as content; its events report the reference's position."""
        if entity.open:
            raise _Failure(_RECURSIVE_ENTITY, index)
        if not self._entity_depth:
            self._account(entity)
        text = entity.value
        if "<" not in text and "&" not in text:
            self._chars(text)
            return
        entity.open = True
        self._entity_depth += 1
        depth = len(self._stack)
        try:
            try:
                self._content(text, 0, len(text), True)
            except _Failure as failure:
                raise _Failure(failure.code, index) from None
            except _Incomplete:
                raise _Failure(_UNCLOSED_TOKEN, index) from None
            if len(self._stack) != depth:
                raise _Failure(_ASYNC_ENTITY, index)
        finally:
            entity.open = False
            self._entity_depth -= 1

    def _at(self, index):
        if not self._entity_depth:
            self._event = index

    def _account(self, entity):
        """Expat's amplification limit (billion laughs): the text an expansion would process, nested expansions
        included, against the document's own text up to the reference. It is checked before expanding a reference
        in the document, so a breach costs nothing (expat stops part-way, having reported some of the text)."""
        self._indirect += self._expansion_size(entity, set())
        direct = max(self._chars_before + self._event, 1)
        total = direct + self._indirect
        if total >= _AMPLIFICATION_THRESHOLD and total / direct > _AMPLIFICATION_MAX:
            raise _Failure(_AMPLIFICATION, self._event)

    def _expansion_size(self, entity, visiting):
        if entity.size is None:
            if entity.name in visiting:
                return 0  # a recursive reference: expanding it raises "recursive entity reference"
            visiting.add(entity.name)
            size = len(entity.value)
            if "&" in entity.value:
                for reference in _REFERENCE_RE.finditer(entity.value):
                    child = self._entities.get(reference.group(1)) if reference.group(1) else None
                    if child is not None and child.value is not None:
                        size += self._expansion_size(child, visiting)
            visiting.discard(entity.name)
            entity.size = size
        return entity.size

    # The document type declaration and its internal subset.
    def _doctype(self, buf, i, n):
        head = _DOCTYPE_RE.match(buf, i)
        if head is None:
            end = buf.find(">", i)
            if end < 0:
                raise _Incomplete(i)
            raise _Failure(_SYNTAX, i)
        name, system, public, public_system, bracket = head.group(1, 2, 3, 4, 5)
        if public is not None:
            system = public_system
        declarations = []
        j = head.end()
        if bracket == "[":
            try:
                j = self._subset(buf, j, n, declarations)
            except _Incomplete:
                raise _Incomplete(i) from None
            close = _SPACE_RE.match(buf, j).end()
            if close >= n:
                raise _Incomplete(i)
            if buf[close] != ">":
                raise _Failure(_SYNTAX, close)
            j = close + 1
        self._xml_decl_allowed = False
        if system is not None:
            self._may_declare_more = True
        self._event = head.end() - 1
        handler = self.StartDoctypeDeclHandler
        unquote = (lambda literal: None if literal is None else literal[1:-1])
        if handler is not None:
            handler(name, unquote(system), unquote(public), 1 if bracket == "[" else 0)
        else:
            for piece in _DOCTYPE_PIECE_RE.findall(buf, i, head.end()):
                self._default(piece)
        for index, kind, match in declarations:
            if kind == "<!ENTITY":
                index = match.start(3) if match.group(3) is not None else match.end() - 1
            self._event = index
            self._declaration(kind, match)
        handler = self.EndDoctypeDeclHandler
        if handler is not None:
            self._event = j - 1
            handler()
        elif self.StartDoctypeDeclHandler is None:
            if bracket == "[":
                self._default("]")
            self._default(">")
        return j

    def _subset(self, buf, j, n, declarations):
        """Scans the internal subset up to its closing bracket, collecting its declarations."""
        while True:
            j = _SPACE_RE.match(buf, j).end()
            if j >= n:
                raise _Incomplete(j)
            c = buf[j]
            if c == "]":
                return j + 1
            if c == "%":
                match = _PE_REFERENCE_RE.match(buf, j)
                if match is None:
                    raise _Incomplete(j) if ";" not in buf[j:j + 1024] else _Failure(_INVALID_TOKEN, j + 1)
                self._may_declare_more = True
                declarations.append((j, "pe", match))
                j = match.end()
                continue
            if c != "<":
                raise _Failure(_SYNTAX, j)
            if buf.startswith("<!--", j):
                end = buf.find("-->", j + 4)
                if end < 0:
                    raise _Incomplete(j)
                declarations.append((j, "comment", buf[j + 4:end]))
                j = end + 3
                continue
            if buf.startswith("<?", j):
                end = buf.find("?>", j)
                if end < 0:
                    raise _Incomplete(j)
                match = _PI_RE.match(buf, j)
                if match is None or match.end() != end + 2:
                    raise _Failure(_INVALID_TOKEN, j + 2)
                declarations.append((j, "pi", match))
                j = end + 2
                continue
            for keyword, pattern in (("<!ENTITY", _ENTITY_RE), ("<!ATTLIST", _ATTLIST_RE),
                                     ("<!ELEMENT", _ELEMENT_RE), ("<!NOTATION", _NOTATION_RE)):
                if buf.startswith(keyword, j):
                    match = pattern.match(buf, j)
                    if match is None:
                        if self._declaration_end(buf, j) < 0:
                            raise _Incomplete(j)
                        raise _Failure(_SYNTAX, j)
                    declarations.append((j, keyword, match))
                    j = match.end()
                    break
            else:
                if n - j < 10:
                    raise _Incomplete(j)
                raise _Failure(_SYNTAX, j)

    @staticmethod
    def _declaration_end(buf, j):
        """The end of a markup declaration from `j` (quoted '>' skipped), or -1."""
        quote = None
        for k in range(j, len(buf)):
            c = buf[k]
            if quote is not None:
                if c == quote:
                    quote = None
            elif c in "\"'":
                quote = c
            elif c == ">":
                return k
        return -1

    def _declaration(self, kind, match):
        if kind == "comment":
            handler = self.CommentHandler
            if handler is not None:
                handler(match)
            else:
                self._default("<!--" + match + "-->")
        elif kind == "pi":
            handler = self.ProcessingInstructionHandler
            if handler is not None:
                handler(match.group(1), match.group(3) or "")
            else:
                self._default(match.group())
        elif kind == "pe":
            self._default(match.group())
        elif kind == "<!ENTITY":
            self._entity_declaration(match)
        elif kind == "<!ATTLIST":
            self._attlist_declaration(match)
        elif kind == "<!ELEMENT":
            handler = self.ElementDeclHandler
            if handler is not None:
                handler(match.group(1), _content_model(match.group(2)))
            else:
                self._default(match.group())
        else:
            name, system, public, public_system = match.group(1, 2, 3, 4)
            if public is not None:
                system = public_system
            handler = self.NotationDeclHandler
            if handler is not None:
                handler(name, self._base, None if system is None else system[1:-1],
                        None if public is None else public[1:-1])
            else:
                self._default(match.group())

    def _entity_declaration(self, match):
        parameter, name, literal, system, public, public_system, notation = match.group(1, 2, 3, 4, 5, 6, 7)
        if public is not None:
            system = public_system
        system = None if system is None else system[1:-1]
        public = None if public is None else public[1:-1]
        value = None
        if literal is not None:
            value = literal[1:-1]
            if "&#" in value:
                value = re.sub("&#(?:([0-9]+)|x([0-9a-fA-F]+));",
                               lambda m: chr(int(m.group(1)) if m.group(1) else int(m.group(2), 16)), value)
        table = self._parameter_entities if parameter else self._entities
        if name in table or (not parameter and name in _PREDEFINED):
            self._default(match.group())
            return
        table[name] = _Entity(name, value, system, public, notation)
        handler = self.EntityDeclHandler
        if handler is not None:
            handler(name, 1 if parameter else 0, value, self._base, system, public, notation)
        elif notation is not None and self.UnparsedEntityDeclHandler is not None:
            self.UnparsedEntityDeclHandler(name, self._base, system, public, notation)
        else:
            self._default(match.group())

    def _attlist_declaration(self, match):
        element = match.group(1)
        handler = self.AttlistDeclHandler
        defaults = self._attribute_defaults.setdefault(element, [])
        for definition in _ATTDEF_RE.finditer(match.group(2)):
            name, kind, default, literal = definition.group(1, 2, 3, 4)
            value = None if literal is None else self._attribute_value(literal[1:-1], 0)
            if value is not None and name not in [key for key, _ in defaults]:
                defaults.append((name, value))
            if handler is not None:
                handler(element, name, re.sub(_S + "+", "", kind) if kind.startswith("(") or kind.startswith(
                    "NOTATION") else kind, value, 1 if default == "#REQUIRED" or default.startswith("#FIXED") else 0)
        if handler is None:
            self._default(match.group())


def _content_model(spec):
    """An element declaration's content model as the tuple pyexpat hands ElementDeclHandler."""
    spec = re.sub(_S + "+", "", spec)
    if spec == "EMPTY":
        return (1, 0, None, ())
    if spec == "ANY":
        return (2, 0, None, ())
    if spec.startswith("(#PCDATA"):
        names = spec[len("(#PCDATA"):].rstrip("*").rstrip(")").split("|")[1:]
        return (3, 2 if spec.endswith("*") else 0, None, tuple((4, 0, name, ()) for name in names))
    quantifiers = {"?": 1, "*": 2, "+": 3}
    position = 0

    def particle():
        nonlocal position
        if spec[position] == "(":
            position += 1
            children = [particle()]
            kind = 6
            while spec[position] in ",|":
                kind = 6 if spec[position] == "," else 5
                position += 1
                children.append(particle())
            position += 1
            quantifier = 0
            if position < len(spec) and spec[position] in quantifiers:
                quantifier = quantifiers[spec[position]]
                position += 1
            return (kind, quantifier, None, tuple(children))
        match = _NAME_RE.match(spec, position)
        position = match.end()
        quantifier = 0
        if position < len(spec) and spec[position] in quantifiers:
            quantifier = quantifiers[spec[position]]
            position += 1
        return (4, quantifier, match.group(), ())

    try:
        return particle()
    except (IndexError, AttributeError):
        return (2, 0, None, ())


XMLParserType = xmlparser
xmlparser.__module__ = "pyexpat"


def ParserCreate(encoding=None, namespace_separator=None, intern=None):
    """Return a new XML parser object."""
    if encoding is not None and not isinstance(encoding, str):
        raise TypeError("ParserCreate() argument 'encoding' must be str or None, not %s" % type(encoding).__name__)
    if namespace_separator is not None:
        if not isinstance(namespace_separator, str):
            raise TypeError("ParserCreate() argument 'namespace_separator' must be str or None, not %s"
                            % type(namespace_separator).__name__)
        if len(namespace_separator) > 1:
            raise ValueError("namespace_separator must be at most one character, omitted, or None")
    if intern is not None and not isinstance(intern, dict):
        raise TypeError("intern must be a dictionary")
    return xmlparser(encoding, namespace_separator, intern)
