"""Explains an import that failed in guest code, in one line an agent can act on. Used by the sandbox's driver.

Only the uncaught error's message changes: the import machinery is untouched, so code that probes optional
modules (try/except ImportError, importlib.util.find_spec) behaves as under CPython.
"""

import os
import sys

_EXTENSION_ENDINGS = (".so", ".pyd", ".dylib")


def explainer(packages_dir, installed):
    """A function that rewrites the message of a ModuleNotFoundError about to be reported."""
    offered = ", ".join(installed) if installed else "nothing else"

    def explain(error):
        name = getattr(error, "name", None)
        if not isinstance(error, ModuleNotFoundError) or not isinstance(name, str) or not name:
            return
        top = name.partition(".")[0]
        extension = _c_extension(name)
        if extension:
            message = (f"{top} needs a C extension ({extension}), which the sandbox cannot load: "
                       "only pure-Python packages work here")
        elif "." not in name:
            message = (f"No module named {name!r}; besides the standard library the sandbox has {offered} "
                       "(no pip: pure-Python packages are added by the operator)")
        else:
            return
        try:
            error.msg = message
        except (AttributeError, TypeError):
            pass

    return explain


def _c_extension(name):
    """The compiled module that would have provided `name`, as package/file, or None."""
    parent, _, last = name.rpartition(".")
    for entry in sys.path:
        if not isinstance(entry, str):
            continue
        directory = os.path.join(entry or os.getcwd(), *parent.split(".")) if parent else (entry or os.getcwd())
        try:
            files = os.listdir(directory)
        except (OSError, ValueError):
            continue
        for file in sorted(files):
            if file.startswith(last + ".") and file.endswith(_EXTENSION_ENDINGS):
                return "/".join(parent.split(".") + [file]) if parent else file
    return None
