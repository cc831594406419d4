"""Registry tools from sandboxed code.

    import tools
    tools.search("profile a csv file")          # [{'name': ..., 'summary': ...}]
    tools.definition("csv_profile")             # schemas, examples, python_snippet
    tools.call("csv_profile", path="sales.csv")
    tools.data.csv_profile(path="sales.csv")    # the same, by category

Arguments are checked against the tool's input schema before it runs (TypeError / ValueError naming
the field). Registry tools run here, in the sandbox; upstream MCP tools run through the host.

An upstream tool call that fails raises a ToolCallError, with .tool (the name called) and .server:

    UpstreamUnavailable  also a ConnectionError: the server cannot be started or reached, or its
                         process exited; worth retrying later
    UpstreamTimeout      also a TimeoutError: the call outlived registry.upstream-timeout
    ToolFailed           also a ValueError: the server answered with a failure (the tool's own error,
                         or a refusal such as invalid arguments); the same call fails the same way again
    ResultTooLarge       also a ValueError: the result is larger than the bridge carries

    try:
        shot = tools.browser.screenshot(url=u)
    except (tools.UpstreamUnavailable, tools.UpstreamTimeout):
        ...  # retry later

An upstream tool that returns structured content or text gives its value (text parsed as JSON when it
parses). One that returns anything besides text gives a list, one entry per content item in order: a str
for text, Media for an image or audio (.type, .mime_type, .bytes), Resource for an embedded resource
(.uri, .mime_type, and .text or .bytes) and ResourceLink for a link (.uri, .name, .mime_type,
.description).
"""
import types as _types

import _codeexec_bridge as _b

__all__ = ["search", "categories", "definition", "call", "validate", "ToolCallError", "UpstreamUnavailable",
           "UpstreamTimeout", "ToolFailed", "ResultTooLarge", "Media", "Resource", "ResourceLink"]

_definitions = {}
_modules = {}


class ToolCallError(Exception):
    """An upstream tool call failed after its arguments were accepted; .tool is the name called, .server its server."""

    def __init__(self, message, tool=None, server=None):
        super().__init__(message)
        self.tool = tool
        self.server = server


class UpstreamUnavailable(ToolCallError, ConnectionError):
    """The server cannot be started or reached, its process exited, or it is held off after a failure."""


class UpstreamTimeout(ToolCallError, TimeoutError):
    """The call outlived the host's upstream timeout."""


class ToolFailed(ToolCallError, ValueError):
    """The server answered with a failure: the tool's own error (its text is the message) or a refusal."""


class ResultTooLarge(ToolCallError, ValueError):
    """The tool's result is larger than the bridge carries (binary content counts as base64)."""


# The host names why a call failed in the bridge reply's code: the message is for people and may change.
_FAILURES = {
    "upstream_unavailable": UpstreamUnavailable,
    "upstream_timeout": UpstreamTimeout,
    "upstream_tool_failed": ToolFailed,
    "result_too_large": ResultTooLarge,
}


class Media:
    """An image or audio item of an upstream tool's result: .type ('image' or 'audio'), .mime_type, .bytes."""
    __slots__ = ("type", "mime_type", "bytes")

    def __init__(self, type, mime_type, bytes):
        self.type, self.mime_type, self.bytes = type, mime_type, bytes

    def __repr__(self):
        return "<tools.Media " + self.type + " " + str(self.mime_type) + ", " + str(len(self.bytes)) + " bytes>"


class Resource:
    """A resource an upstream tool embedded in its result: .uri, .mime_type, and .text (str) or .bytes."""
    __slots__ = ("uri", "mime_type", "text", "bytes")

    def __init__(self, uri, mime_type, text=None, bytes=None):
        self.uri, self.mime_type, self.text, self.bytes = uri, mime_type, text, bytes

    def __repr__(self):
        size = str(len(self.text)) + " characters" if self.bytes is None else str(len(self.bytes)) + " bytes"
        return "<tools.Resource " + str(self.uri) + " " + str(self.mime_type) + ", " + size + ">"


class ResourceLink:
    """A resource an upstream tool pointed to without its contents: .uri, .name, .mime_type, .description."""
    __slots__ = ("uri", "name", "mime_type", "description")

    def __init__(self, uri, name, mime_type=None, description=None):
        self.uri, self.name, self.mime_type, self.description = uri, name, mime_type, description

    def __repr__(self):
        return "<tools.ResourceLink " + str(self.uri) + ">"


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
        return _call_upstream(name, d.get("server"), args)
    return _load(name).run(**args)


def _call_upstream(name, server, args):
    try:
        reply = _b.call("tools", "call_upstream", {"name": name, "arguments": args})
    except Exception as e:
        failure = _FAILURES.get(getattr(e, "code", None))
        if failure is None:
            raise
        message = str(e)
        if failure is ResultTooLarge:
            # The bridge's message names the limit but not the call.
            message = "upstream tool '" + name + "' on server '" + str(server) + "': " + message
        raise failure(message, tool=name, server=server) from None
    if "content" not in reply:
        return reply.get("value")
    return [_item(name, server, item) for item in reply["content"]]


def _item(name, server, item):
    kind = item.get("type")
    if kind == "text":
        return item.get("text")
    if kind in ("image", "audio"):
        return Media(kind, item.get("mime_type"), _decoded(name, server, item))
    if kind == "resource":
        data = item.get("data")
        return Resource(item.get("uri"), item.get("mime_type"), item.get("text"),
                        None if data is None else _decoded(name, server, item))
    if kind == "resource_link":
        return ResourceLink(item.get("uri"), item.get("name"), item.get("mime_type"), item.get("description"))
    return item  # a kind of content newer than this module: as the host passed it


def _decoded(name, server, item):
    import binascii
    try:
        return binascii.a2b_base64(item.get("data") or "")
    except binascii.Error as e:
        raise ToolFailed("upstream tool '" + name + "' on server '" + str(server) + "' returned " + item["type"]
                         + " data that is not base64 (" + str(e) + ")", tool=name, server=server) from None


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
