"""Format specs whose fill character is itself an alignment character (f"{title:=^40}", "{:<^9}".format(x)), which
GraalPy's format-spec parser, in Java, refuses with "Invalid conversion specification" for every type. The driver
compiles a caller's source through `compile_source`: only a source that holds such a spec is parsed and rewritten,
so that its f-string fields and the `.format` calls of its string literals format through `fill_format`; the
builtin format() (and string.Formatter through it) goes there too. A template that is not a literal
(`template.format(...)` with `template` a variable) is left as GraalPy has it."""

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
_STR_FORMAT_NAME = "_codeexec_fill_str_format"


def fill_format(value, spec, conversion=-1):
    """format(value, spec), with a fill that is an alignment character padded through a stand-in."""
    if conversion != -1:
        value = _CONVERSIONS[conversion](value)
    if not _fills_with_alignment(spec):
        return _native_format(value, spec)
    text = value if isinstance(value, str) else ""
    stand_in = next(c for c in _STAND_INS if c not in text)
    return _native_format(value, stand_in + spec[1:]).replace(stand_in, spec[0])


def fill_str_format(template, /, *args, **kwargs):
    """template.format(*args, **kwargs), each field formatted through fill_format (string.Formatter's parsing)."""
    global _formatter
    if _formatter is None:
        import string

        class Formatter(string.Formatter):
            def format_field(self, value, format_spec):
                return fill_format(value, format_spec)

        _formatter = Formatter()
    return _formatter.format(template, *args, **kwargs)


_formatter = None


def install(builtins):
    """The two functions a rewritten source calls, as builtins (the caller's globals stay its own), and format()."""
    from _codeexec_patches import stand_in

    def format(value, format_spec="", /):
        return fill_format(value, format_spec)

    builtins.format = stand_in(format, _native_format)
    setattr(builtins, _FORMAT_NAME, fill_format)
    setattr(builtins, _STR_FORMAT_NAME, fill_str_format)


def _fills_with_alignment(spec):
    return type(spec) is str and len(spec) >= 2 and spec[0] in _ALIGNMENTS and spec[1] in _ALIGNMENTS


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

        def visit_Call(self, node):
            self.generic_visit(node)
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr == "format" and isinstance(func.value, ast.Constant)
                    and isinstance(func.value.value, str) and _may_hold_spec(func.value.value)):
                self.changed = True
                return ast.copy_location(ast.Call(func=ast.Name(id=_STR_FORMAT_NAME, ctx=ast.Load()),
                                                  args=[func.value, *node.args], keywords=node.keywords), node)
            return node

    return Rewriter()
