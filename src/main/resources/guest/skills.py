"""Saved skills, reachable from sandboxed code.

    import skills
    src = skills.load("csv_records")            # the newest version's code, as text
    from skills import csv_records              # the newest version, imported as a module
    import skills.csv_records as records        # the same
    csv_records = skills.module("csv_records", version=2)
    skills.list(query="csv")                    # compact entries, most relevant first

Skills are saved with the save_skill tool, not from here. Each `from skills import x` fetches the
newest version through the host bridge and registers it as sys.modules["skills.x"]; a later import
in the same session returns that module unless it was saved again, in which case the new version
is loaded. `import skills.x` returns the module sys.modules holds, as Python's import does.
"""

# Dunder names: any other name is one a skill may have (from skills import _sys), and a module attribute would
# hide it from __getattr__; skill names starting with "__" are reserved.
import importlib.util as __importlib_util
from importlib import _bootstrap as __bootstrap
import sys as __sys
import types as __types

import _codeexec_bridge as __bridge

# A package without directories, so `import skills.x` reaches the finder below.
__path__ = []


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
    if version is not None:
        return __run(key, skill)
    # Under importlib's lock for the module, as an import statement: a thread importing the skill while another
    # still runs its code waits for the whole module instead of taking the half-made one from sys.modules.
    with __bootstrap._ModuleLockManager(key):
        current = __sys.modules.get(key)
        if current is not None and getattr(current, "__skill_sha256__", None) == skill["sha256"]:
            return current
        return __run(key, skill, register=True)


def __run(key, skill, register=False):
    mod = __types.ModuleType(key, skill.get("description"))
    mod.__file__ = "<skill %s v%d>" % (skill["name"], skill["version"])
    mod.__skill_version__ = skill["version"]
    mod.__skill_sha256__ = skill["sha256"]
    code = compile(skill["code"], mod.__file__, "exec")
    if not register:
        exec(code, mod.__dict__)
        return mod
    # Marked as being initialised while it runs, as importlib marks a module: `import skills.x` in another thread
    # then waits for the lock above rather than take the module from sys.modules half made.
    mod.__spec__ = __importlib_util.spec_from_loader(key, None)
    mod.__spec__._initializing = True
    __sys.modules[key] = mod
    try:
        exec(code, mod.__dict__)
    except BaseException:
        __sys.modules.pop(key, None)
        raise
    finally:
        mod.__spec__ = None  # as before: the module's repr and attributes are those it had without the mark
    return mod


def __getattr__(name):
    # PEP 562: called only for names this module does not define, so `from skills import x` lands here.
    if name.startswith("__"):
        raise AttributeError(name)
    try:
        return module(name)
    except LookupError as e:
        raise ImportError(str(e), name="skills." + name) from None


def __import_support(spec_from_loader, module_type):
    # Classes built in a function: names starting with "__" inside a class body would be mangled.

    class SkillFinder:
        """Finds `skills.<name>` for the import statement, fetched as `from skills import` does."""

        @classmethod
        def find_spec(cls, fullname, path=None, target=None):
            prefix, dot, name = fullname.partition(".")
            if prefix != "skills" or not dot or "." in name or name.startswith("__"):
                return None
            return spec_from_loader(fullname, cls)

        @staticmethod
        def create_module(spec):
            try:
                return module(spec.name.partition(".")[2])
            except LookupError as e:
                raise ModuleNotFoundError(str(e), name=spec.name) from None

        @staticmethod
        def exec_module(mod):
            pass  # module() ran it

    class SkillsModule(module_type):
        """Keeps skills off this module's attributes, where the import statement puts them after `import
        skills.x`: `from skills import x` then still reaches __getattr__, and so the newest version."""

        def __setattr__(self, name, value):
            if not isinstance(value, module_type) or name.startswith("__"):
                super().__setattr__(name, value)

    return SkillFinder, SkillsModule


def __fetch(name, version):
    if not isinstance(name, str):
        raise TypeError("skill name must be a string")
    return __bridge.call("skills", "load", {"name": name, "version": version})


__finder, __sys.modules[__name__].__class__ = __import_support(__importlib_util.spec_from_loader, __types.ModuleType)
# One finder per interpreter: this module runs again if someone reloads it.
__sys.meta_path[:] = [f for f in __sys.meta_path if getattr(f, "__name__", None) != "SkillFinder"] + [__finder]
