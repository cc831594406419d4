"""Format specs whose fill character is itself an alignment character (f"{title:=^40}", "{:<^9}".format(x)), which
GraalPy's format-spec parser, in Java, refuses with "Invalid conversion specification" for every type. The driver
compiles a caller's source through `compile_source`: only a source that holds such a spec is parsed and rewritten,
so that its f-string fields format through `fill_format` and its string literals holding such a field become
`FillTemplate`s, whose format and format_map pad in Python wherever the template goes (a variable, a list of
them). The builtin format() (and string.Formatter through it) goes through `fill_format` too. A template built at
run time (read from a file, joined from parts) is left as GraalPy has it."""

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


def fill_format(value, spec, conversion=-1):
    """format(value, spec), with a fill that is an alignment character padded through a stand-in."""
    if conversion != -1:
        value = _CONVERSIONS[conversion](value)
    if not _fills_with_alignment(spec):
        return _native_format(value, spec)
    text = value if isinstance(value, str) else ""
    stand_in = next(c for c in _STAND_INS if c not in text)
    return _native_format(value, stand_in + spec[1:]).replace(stand_in, spec[0])


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

    def format(value, format_spec="", /):
        return fill_format(value, format_spec)

    builtins.format = stand_in(format, _native_format)
    setattr(builtins, _FORMAT_NAME, fill_format)
    setattr(builtins, _TEMPLATE_NAME, FillTemplate)


def _fills_with_alignment(spec):
    return type(spec) is str and len(spec) >= 2 and spec[0] in _ALIGNMENTS and spec[1] in _ALIGNMENTS


def _holds_fill_field(text):
    """Whether `text`, as a template, has a field whose spec starts with two alignment characters."""
    import re
    return re.search(r"\{[^{}]*:[=<>^][=<>^]", text) is not None


def _may_hold_spec(text):
    if not any(pair in text for pair in _FIRST_PAIRS):
        return False
    import re
    return re.search(r":[=<>^][=<>^]", text) is not None


def compile_source(source, filename):
    """The code of `source`, parsed and rewritten only when a field could hold such a spec."""
    if not _may_hold_spec(source):
        return compile(source, filename, "exec")
    import ast
    tree = ast.parse(source, filename)
    rewriter = _rewriter()
    tree = ast.fix_missing_locations(rewriter.visit(tree))
    return compile(tree if rewriter.changed else source, filename, "exec")


def _rewriter():
    import ast

    class Rewriter(ast.NodeTransformer):
        changed = False

        def visit_FormattedValue(self, node):
            self.generic_visit(node)
            spec = node.format_spec
            # The spec's text may go on with fields of its own: f"{title:=^{width}}".
            if (isinstance(spec, ast.JoinedStr) and spec.values and isinstance(spec.values[0], ast.Constant)
                    and _fills_with_alignment(spec.values[0].value)):
                self.changed = True
                call = ast.Call(func=ast.Name(id=_FORMAT_NAME, ctx=ast.Load()),
                                args=[node.value, spec, ast.Constant(node.conversion)], keywords=[])
                return ast.copy_location(ast.FormattedValue(value=ast.copy_location(call, node), conversion=-1,
                                                            format_spec=None), node)
            return node

        def visit_JoinedStr(self, node):
            # An f-string's literal text is no template; its fields are rewritten above.
            node.values = [self.visit(value) if isinstance(value, ast.FormattedValue) else value
                           for value in node.values]
            return node

        def visit_Constant(self, node):
            if isinstance(node.value, str) and _holds_fill_field(node.value):
                self.changed = True
                return ast.copy_location(ast.Call(func=ast.Name(id=_TEMPLATE_NAME, ctx=ast.Load()), args=[node],
                                                  keywords=[]), node)
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
