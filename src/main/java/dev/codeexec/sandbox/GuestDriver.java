package dev.codeexec.sandbox;

/**
 * The trusted Python that runs inside every interpreter before any caller code: it imports common
 * modules (so callers don't pay for them) and returns {@code run(source) -> exit status}, which
 * compiles and executes caller code in a private {@code __main__} namespace the way
 * {@code python -c} would: tracebacks go to stderr without the driver's own frame, and
 * {@code SystemExit} becomes the exit status.
 */
final class GuestDriver {
    private GuestDriver() {
    }

    static final String SOURCE = """
            def __codeexec_make():
                import sys, traceback, builtins
                import os, io, json, re, math, random, time, datetime, collections, itertools, functools
                import string, textwrap, statistics, decimal, fractions, csv, hashlib, base64, dataclasses
                import typing, pathlib, enum, copy, operator, heapq, bisect, uuid, struct
                import weakref, types, importlib.abc, importlib.util

                # The bridge: the host's call function and the capability modules, taken out of
                # __main__ before any caller code runs.
                host_call = globals().pop("__codeexec_host_call")
                module_sources = json.loads(globals().pop("__codeexec_modules"))
                bridge = types.ModuleType("_codeexec_bridge", "Calls host services (skills, pii, tools).")

                def call(service, method, args=None):
                    reply = json.loads(str(host_call(str(service), str(method), json.dumps({} if args is None else args))))
                    if "error" in reply:
                        kind = reply.get("kind")
                        raise (LookupError if kind == "not_found" else ValueError if kind == "invalid"
                               else RuntimeError)(reply["error"])
                    return reply.get("result")
                bridge.call = call
                sys.modules["_codeexec_bridge"] = bridge

                # os.rename/os.replace: Truffle's file layer cannot move atomically, so the host does it,
                # confined to the workspace like every other file access.
                import errno
                native_rename, native_replace = os.rename, os.replace

                def workspace_rename(native):
                    def rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
                        if src_dir_fd is not None or dst_dir_fd is not None:
                            return native(src, dst, src_dir_fd=src_dir_fd, dst_dir_fd=dst_dir_fd)
                        flush_open_files()
                        src_path = os.path.abspath(os.fsdecode(src))
                        dst_path = os.path.abspath(os.fsdecode(dst))
                        code = call("workspace", "rename", {"src": src_path, "dst": dst_path})["errno"]
                        if code:
                            number = getattr(errno, code, errno.EIO)
                            raise OSError(number, os.strerror(number), os.fsdecode(src), None, os.fsdecode(dst))
                    rename.__name__ = native.__name__
                    rename.__doc__ = native.__doc__
                    return rename
                os.rename = workspace_rename(native_rename)
                os.replace = workspace_rename(native_replace)

                class GuestModuleFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
                    def find_spec(self, name, path=None, target=None):
                        if name in module_sources:
                            return importlib.util.spec_from_loader(name, self)
                        return None

                    def create_module(self, spec):
                        return None

                    def exec_module(self, module):
                        source = module_sources[module.__name__]
                        exec(compile(source, "<" + module.__name__ + ">", "exec"), module.__dict__)
                sys.meta_path.insert(0, GuestModuleFinder())

                namespace = {"__name__": "__main__", "__builtins__": builtins, "__doc__": None}

                # GraalPy closes files at garbage collection, not when the last reference goes, so
                # open('f', 'w').write(x) would lose x when the context is discarded: track and flush them.
                opened = weakref.WeakSet()
                real_open = io.open

                def flush_open_files():
                    for f in list(opened):
                        try:
                            if not f.closed:
                                f.flush()
                        except Exception:  # never BaseException: that would swallow the host's exit and cancel
                            pass

                def tracked_open(*args, **kwargs):
                    # CPython would already have closed an unreferenced file here; make its data visible.
                    flush_open_files()
                    f = real_open(*args, **kwargs)
                    try:
                        opened.add(f)
                    except TypeError:
                        pass
                    return f
                tracked_open.__name__ = tracked_open.__qualname__ = "open"
                tracked_open.__doc__ = real_open.__doc__
                builtins.open = io.open = tracked_open

                def flush():
                    flush_open_files()
                    for stream in (sys.stdout, sys.stderr):
                        try:
                            stream.flush()
                        except Exception:  # never BaseException: that would swallow the host's exit and cancel
                            pass

                def run(source):
                    try:
                        try:
                            code = compile(source, "<string>", "exec")
                        except (SyntaxError, ValueError) as e:
                            traceback.print_exception(type(e), e, None)
                            return 1
                        try:
                            exec(code, namespace)
                            return 0
                        except SystemExit as e:
                            status = e.code
                            if status is None:
                                return 0
                            if isinstance(status, int) and not isinstance(status, bool):
                                return status
                            print(status, file=sys.stderr)
                            return 1
                        except BaseException as e:
                            traceback.print_exception(type(e), e, e.__traceback__.tb_next)
                            return 1
                    finally:
                        flush()
                return run

            __codeexec_run = __codeexec_make()
            del __codeexec_make
            __codeexec_run
            """;
}
