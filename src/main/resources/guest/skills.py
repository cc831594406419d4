"""Saved skills, reachable from sandboxed code.

    import skills
    src = skills.load("csv_records")            # the newest version's code, as text
    from skills import csv_records              # the newest version, imported as a module
    csv_records = skills.module("csv_records", version=2)
    skills.list(query="csv")                    # compact entries, most relevant first

Skills are saved with the save_skill tool, not from here. Each `from skills import x` fetches the
newest version through the host bridge and registers it as sys.modules["skills.x"]; a later import
in the same session returns that module unless it was saved again, in which case the new version
is loaded.
"""

# Dunder names: any other name is one a skill may have (from skills import _sys), and a module attribute would
# hide it from __getattr__; skill names starting with "__" are reserved.
import sys as __sys
import types as __types

import _codeexec_bridge as __bridge


def load(name, version=None):
    """Return the code of skill `name` (newest version unless `version` is given) as a string."""
    return __fetch(name, version)["code"]


def list(query=None, tag=None, limit=20, offset=0):
    """Return a page {skills: [...], total, offset, limit} of saved skills, without their code."""
    return __bridge.call("skills", "list", {"query": query, "tag": tag, "limit": limit, "offset": offset})


def module(name, version=None):
    """Import skill `name` (newest version unless `version` is given) and return it as a module."""
    skill = __fetch(name, version)
    key = "skills." + skill["name"]
    current = __sys.modules.get(key)
    if (current is not None and getattr(current, "__skill_sha256__", None) == skill["sha256"]
            and version is None):
        return current
    mod = __types.ModuleType(key, skill.get("description"))
    mod.__file__ = "<skill %s v%d>" % (skill["name"], skill["version"])
    mod.__skill_version__ = skill["version"]
    mod.__skill_sha256__ = skill["sha256"]
    code = compile(skill["code"], mod.__file__, "exec")
    if version is None:
        __sys.modules[key] = mod
    try:
        exec(code, mod.__dict__)
    except BaseException:
        if version is None:
            __sys.modules.pop(key, None)
        raise
    return mod


def __getattr__(name):
    # PEP 562: called only for names this module does not define, so `from skills import x` lands here.
    if name.startswith("__"):
        raise AttributeError(name)
    try:
        return module(name)
    except LookupError as e:
        raise ImportError(str(e), name="skills." + name) from None


def __fetch(name, version):
    if not isinstance(name, str):
        raise TypeError("skill name must be a string")
    return __bridge.call("skills", "load", {"name": name, "version": version})
