"""Registry tools from sandboxed code.

    import tools
    tools.search("profile a csv file")          # [{'name': ..., 'summary': ...}]
    tools.definition("csv_profile")             # schemas, examples, python_snippet
    tools.call("csv_profile", path="sales.csv")
    tools.data.csv_profile(path="sales.csv")    # the same, by category

Arguments are checked against the tool's input schema before it runs (TypeError / ValueError naming
the field). Registry tools run here, in the sandbox; upstream MCP tools run through the host.
"""
import types as _types

import _codeexec_bridge as _b

__all__ = ["search", "categories", "definition", "call", "validate"]

_definitions = {}
_modules = {}


def search(query, category=None, limit=10, detail="summary"):
    """Ranked tools for a query, best first (list of dicts)."""
    args = {"query": query, "limit": limit, "detail": detail}
    if category is not None:
        args["category"] = category
    result = _b.call("tools", "search", args)
    return result.get("tools") or []


def categories():
    """The categories with their tool counts."""
    return _b.call("tools", "search", {"query": ""}).get("categories") or []


def definition(name):
    """The whole definition of one tool (cached for this run)."""
    if name not in _definitions:
        _definitions[name] = _b.call("tools", "definition", {"name": name})["definition"]
    return _definitions[name]


def call(name, /, **args):
    """Validate the arguments against the tool's input schema, then run the tool and return its result."""
    d = definition(name)
    try:
        validate(d.get("input_schema") or {}, args)
    except (TypeError, ValueError) as e:
        # As a Python function names itself in its argument errors: the traceback shows the caller's line only.
        raise type(e)(name + "(): " + str(e)) from None
    if d.get("origin") == "upstream":
        return _b.call("tools", "call_upstream", {"name": name, "arguments": args})
    return _load(name).run(**args)


def _load(name):
    source = _b.call("tools", "source", {"name": name})["source"]
    cached = _modules.get(name)
    if cached is not None and cached[0] == source:
        return cached[1]
    module = _types.ModuleType("tools._impl." + name)
    module.__file__ = "<tool " + name + ">"
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    if not callable(getattr(module, "run", None)):
        raise LookupError("tool '" + name + "' defines no run(**args)")
    _modules[name] = (source, module)
    return module


# --- a small JSON Schema validator: type, required, properties, additionalProperties, enum, items,
# minimum/maximum, minLength/maxLength, minItems/maxItems ---

_TYPES = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, (list, tuple)),
    "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}


def validate(schema, args):
    """Raise TypeError (wrong type, unknown or missing argument) or ValueError (bad value) naming the field."""
    if not isinstance(args, dict):
        raise TypeError("arguments must be keyword arguments")
    for field in schema.get("required") or []:
        if field not in args:
            raise TypeError("missing required argument '" + field + "'")
    props = schema.get("properties") or {}
    if schema.get("additionalProperties") is False:
        for field in args:
            if field not in props:
                raise TypeError("unexpected argument '" + field + "'; expected one of: " + ", ".join(sorted(props)))
    for field, value in args.items():
        if field in props:
            _check(props[field], value, field)


def _check(schema, value, path):
    if not isinstance(schema, dict):
        return
    wanted = schema.get("type")
    if wanted is not None:
        kinds = wanted if isinstance(wanted, list) else [wanted]
        if not any(_TYPES.get(k, lambda v: True)(value) for k in kinds):
            raise TypeError(path + ": expected " + " or ".join(kinds) + ", got " + type(value).__name__)
    if "enum" in schema and value not in schema["enum"]:
        raise ValueError(path + ": must be one of " + ", ".join(repr(e) for e in schema["enum"]) + ", got " + repr(value))
    if _TYPES["number"](value):
        if "minimum" in schema and value < schema["minimum"]:
            raise ValueError(path + ": must be >= " + str(schema["minimum"]) + ", got " + str(value))
        if "maximum" in schema and value > schema["maximum"]:
            raise ValueError(path + ": must be <= " + str(schema["maximum"]) + ", got " + str(value))
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            raise ValueError(path + ": must be at least " + str(schema["minLength"]) + " characters")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            raise ValueError(path + ": must be at most " + str(schema["maxLength"]) + " characters")
    if isinstance(value, (list, tuple)):
        if "minItems" in schema and len(value) < schema["minItems"]:
            raise ValueError(path + ": must have at least " + str(schema["minItems"]) + " items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            raise ValueError(path + ": must have at most " + str(schema["maxItems"]) + " items")
        for i, item in enumerate(value):
            _check(schema.get("items"), item, path + "[" + str(i) + "]")
    if isinstance(value, dict) and ("properties" in schema or "required" in schema):
        for field in schema.get("required") or []:
            if field not in value:
                raise TypeError(path + ": missing required field '" + field + "'")
        for field, sub in (schema.get("properties") or {}).items():
            if field in value:
                _check(sub, value[field], path + "." + field)


class _Category:
    """tools.<category>.<tool>(**args): attribute access to the tools of one category."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, tool):
        if tool.startswith("__"):
            raise AttributeError(tool)
        try:
            d = definition(tool)
        except LookupError as e:
            why = str(e)
            broken = why[why.find("registry file"):] if "did not load" in why else ""
            raise AttributeError("no tool '" + tool + "' in category '" + self._name + "'"
                                 + ("; " + broken if broken else "")) from None
        if d.get("category") != self._name:
            raise AttributeError("tool '" + tool + "' is in category '" + str(d.get("category")) + "', not '"
                                 + self._name + "'")

        def invoke(*positional, **args):
            if positional:
                raise TypeError(tool + "() takes keyword arguments only, as its definition names them")
            return call(tool, **args)

        invoke.__name__ = tool
        invoke.__doc__ = d.get("summary")
        return invoke

    def __dir__(self):
        return [t["name"] for t in search("", category=self._name, limit=50, detail="name")]

    def __repr__(self):
        return "<tools category " + self._name + ">"


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _Category(name)
