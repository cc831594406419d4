"""Format specs GraalPy gets wrong, formatted in Python instead:
- a fill character that is itself an alignment character (f"{title:=^40}", "{:<^9}".format(x)), which GraalPy's
  format-spec parser, in Java, refuses with "Invalid conversion specification" for every type;
- the `n` type, which GraalPy formats for Java's default locale (en_US: 1,234,567) and garbles for negative floats
  (-2.5 as "-..5"), where a program here runs in the C locale, as CPython starts: `n` is `d` for integers and `g`
  otherwise, with no grouping (the sandbox's locale module offers no other locale).
The driver compiles a caller's source through `compile_source`: only a source that holds such a spec is parsed and
rewritten, so that its f-string fields format through `fill_format` and its string literals holding such a field
become `FillTemplate`s, whose format and format_map format in Python wherever the template goes (a variable, a list
of them). The rewrite is spliced into the source text, each changed literal replaced where it stands and as many
lines high, and the text compiled: GraalPy's compile of an AST puts `__classdictcell__` into every class with a
method, which a runtime-checkable Protocol then takes for a member. The builtin format() (and string.Formatter
through it) goes through `fill_format` too. A template built at run time (read from a file, joined from parts) is
left as GraalPy has it."""

_native_format = format

_ALIGNMENTS = "=<>^"
# What a source must contain for a field to hold such a spec: a ':' then two of them. The four searches for the first
# pair come first: re and ast are imported, and the source parsed, only when one finds something (walrus included).
_FIRST_PAIRS = tuple(":" + a for a in _ALIGNMENTS)
# Stand-ins for the fill while GraalPy pads; one that the value's own text holds is skipped.
_STAND_INS = ("\x00", "\ue000", "\U000f0000")
# An f-string field's conversion as the compiler numbers it (ast.FormattedValue.conversion; -1 for none).
_CONVERSIONS = {ord("r"): repr, ord("s"): str, ord("a"): ascii}
# Single underscore: a name with two would be mangled inside a class body.
_FORMAT_NAME = "_codeexec_fill_format"
_TEMPLATE_NAME = "_codeexec_fill_template"


# A standard spec whose type is n, in parts: what precedes the grouping, the grouping, the precision.
_N_SPEC = None


def fill_format(value, spec, conversion=-1):
    """format(value, spec), with a fill that is an alignment character padded through a stand-in, and the n type
    as the C locale has it."""
    if conversion != -1:
        value = _CONVERSIONS[conversion](value)
    if type(spec) is str and spec.endswith("n"):
        spec = _c_locale_n(value, spec)
    if not _fills_with_alignment(spec):
        return _native_format(value, spec)
    text = value if isinstance(value, str) else ""
    stand_in = next(c for c in _STAND_INS if c not in text)
    return _native_format(value, stand_in + spec[1:]).replace(stand_in, spec[0])


def _c_locale_n(value, spec):
    """`spec` with its n type made d for an integer and g for another number, as the C locale formats them; a spec
    of another type, or a value that formats itself, is left as it is."""
    global _N_SPEC
    if not isinstance(value, (int, float, complex)) and type(value).__module__ not in ("decimal", "_pydecimal"):
        return spec
    if _N_SPEC is None:
        import re
        _N_SPEC = re.compile(r"((?:.?[<>=^])?[-+ ]?z?#?0?[0-9]*)([,_]?)((?:\.[0-9]+)?)n", re.DOTALL)
    parts = _N_SPEC.fullmatch(spec)
    if parts is None:
        return spec
    if parts[2]:
        raise ValueError(f"Cannot specify '{parts[2]}' with 'n'.")
    return parts[1] + parts[3] + ("d" if isinstance(value, int) else "g")


def _fill_formatter():
    """string.Formatter with each field formatted through fill_format (made at first use: string is imported then)."""
    global _formatter
    if _formatter is None:
        import string

        class Formatter(string.Formatter):
            def format_field(self, value, format_spec):
                return fill_format(value, format_spec)

        _formatter = Formatter()
    return _formatter


_formatter = None


class FillTemplate(str):
    """A string literal holding a field whose fill is an alignment character. Only its own format and format_map
    differ from str's; what str's other methods return is a plain str."""
    __slots__ = ()

    def format(self, /, *args, **kwargs):
        return _fill_formatter().vformat(self, args, kwargs)

    def format_map(self, mapping):
        return _fill_formatter().vformat(self, (), mapping)


def install(builtins):
    """The two names a rewritten source calls, as builtins (the caller's globals stay its own), and format()."""
    from _codeexec_patches import stand_in

    # Specs GraalPy formats as CPython does, known after their first call: a builtin format() through fill_format
    # took 2.4 us a call here, three times an f-string's field (a Python call costs about what the format does).
    plain = {}

    def format(value, format_spec="", /):
        if type(format_spec) is str:
            if format_spec in plain:
                return _native_format(value, format_spec)
            if not _needs_python(format_spec, format_spec):
                if len(plain) < 256:
                    plain[format_spec] = None
                return _native_format(value, format_spec)
        elif not isinstance(format_spec, str):
            # CPython's words (GraalPy's: "format() argument must be str, not NoneType")
            raise TypeError("format() argument 2 must be str, not "
                            + ("None" if format_spec is None else type(format_spec).__name__))
        return fill_format(value, format_spec)

    builtins.format = stand_in(format, _native_format)
    setattr(builtins, _FORMAT_NAME, fill_format)
    setattr(builtins, _TEMPLATE_NAME, FillTemplate)


def _fills_with_alignment(spec):
    return type(spec) is str and len(spec) >= 2 and spec[0] in _ALIGNMENTS and spec[1] in _ALIGNMENTS


def _needs_python(spec_start, spec_end):
    """Whether a spec starting and ending with these texts (the same text when it has no nested field) is one
    GraalPy gets wrong."""
    return _fills_with_alignment(spec_start) or (type(spec_end) is str and spec_end.endswith("n"))


def _holds_fill_field(text):
    """Whether `text`, as a template, has a field whose spec starts with two alignment characters or ends in n."""
    import re
    return re.search(r"\{[^{}]*:(?:[=<>^][=<>^]|[^{}:]*n\})", text) is not None


def _may_hold_spec(text):
    if not any(pair in text for pair in _FIRST_PAIRS) and "n}" not in text:
        return False
    import re
    return re.search(r":(?:[=<>^][=<>^]|[^{}:'\"]*n\})", text) is not None


def compile_source(source, filename):
    """The code of `source`, parsed and rewritten only when a field could hold such a spec."""
    if not _may_hold_spec(source):
        return compile(source, filename, "exec")
    import ast
    tree = ast.parse(source, filename)
    rewriter = _rewriter()
    rewriter.visit(tree)
    return compile(_spliced(source, rewriter.units) if rewriter.units else source, filename, "exec")


def _spliced(source, units):
    """`source` with each rewritten expression's text replaced by its new text, in parentheses and padded to the
    lines the old text took, so every later line keeps its number. Offsets within a line are UTF-8 bytes in
    CPython's ast and characters in GraalPy's: the parser says which."""
    import ast
    import re
    in_bytes = ast.parse("'\u00e9'; x").body[1].value.col_offset == 6
    lines = re.split(r"(?<=\r\n)|(?<=\n)|(?<=\r)(?!\n)", source)
    if in_bytes:
        lines = [line.encode("utf-8") for line in lines]
    for node in sorted(units, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        first, last = node.lineno - 1, node.end_lineno - 1
        text = "(" + ast.unparse(node) + "\n" * (last - first) + ")"
        lines[first:last + 1] = [lines[first][:node.col_offset] + (text.encode("utf-8") if in_bytes else text)
                                 + lines[last][node.end_col_offset:]]
    return b"".join(lines).decode("utf-8") if in_bytes else "".join(lines)


def _rewriter():
    import ast

    class Rewriter(ast.NodeTransformer):
        def __init__(self):
            # The outermost expressions rewritten: an f-string holding a rewritten field, or a template literal.
            self.units = []
            self.changes = 0
            self.depth = 0

        def visit_FormattedValue(self, node):
            self.generic_visit(node)
            spec = node.format_spec
            # The spec's text may go on with fields of its own: f"{title:=^{width}}".
            if (isinstance(spec, ast.JoinedStr) and spec.values and _needs_python(
                    spec.values[0].value if isinstance(spec.values[0], ast.Constant) else None,
                    spec.values[-1].value if isinstance(spec.values[-1], ast.Constant) else None)):
                self.changes += 1
                call = ast.Call(func=ast.Name(id=_FORMAT_NAME, ctx=ast.Load()),
                                args=[node.value, spec, ast.Constant(node.conversion)], keywords=[])
                return ast.copy_location(ast.FormattedValue(value=ast.copy_location(call, node), conversion=-1,
                                                            format_spec=None), node)
            return node

        def visit_JoinedStr(self, node):
            # An f-string's literal text is no template; its fields are rewritten above.
            before = self.changes
            self.depth += 1
            node.values = [self.visit(value) if isinstance(value, ast.FormattedValue) else value
                           for value in node.values]
            self.depth -= 1
            if self.changes > before and self.depth == 0:
                self.units.append(node)
            return node

        def visit_Constant(self, node):
            if isinstance(node.value, str) and _holds_fill_field(node.value):
                self.changes += 1
                call = ast.copy_location(ast.Call(func=ast.Name(id=_TEMPLATE_NAME, ctx=ast.Load()), args=[node],
                                                  keywords=[]), node)
                if self.depth == 0:
                    self.units.append(call)
                return call
            return node

        def visit_Expr(self, node):
            # A docstring stays a constant (__doc__); a statement that is only a string does nothing either way.
            return node if isinstance(node.value, ast.Constant) else self.generic_visit(node)

        def visit_match_case(self, node):
            # A pattern's literals must stay literals.
            if node.guard is not None:
                node.guard = self.visit(node.guard)
            node.body = [self.visit(statement) for statement in node.body]
            return node

    return Rewriter()
