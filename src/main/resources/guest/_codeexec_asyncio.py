"""asyncio as CPython 3.12 shows it. GraalPy runs the pure-Python Task and Future, where CPython runs their C versions
(_asyncio), and it has no reference counting; four things a program sees differ and are put right here:
- a task or future whose exception nobody retrieved is reported ("Task exception was never retrieved", "Future
  exception ...") when its event loop closes; CPython reports it when the object is freed, GraalPy only if a garbage
  collection ever runs its __del__, so a failed fire-and-forget task, or a `loop.run_in_executor` call nobody
  awaited, went unreported. Failed ones are held until then: asyncio's own registry of tasks holds them weakly, and
  a collection in between would lose the report;
- tracebacks carry no frames of the Python Task's and Future's own methods, which are C code in CPython;
- a coroutine is named in a task's repr: GraalPy's coroutines have no __qualname__ or __name__;
- an exception raised in a coroutine after it awaited a failed task had that task's exception as __context__: the
  Python Task resumes the coroutine from inside an except clause (CPython's own Python Task does the same)."""

import os
import sys
import weakref

from _codeexec_patches import stand_in

# Per event loop, its tasks that failed: reported, unless retrieved, when the loop closes.
_FAILED = weakref.WeakKeyDictionary()

# (file, function) of the methods that CPython's _asyncio implements in C.
_ACCELERATED = {("tasks.py", "__step"), ("tasks.py", "__step_run_and_handle_result"), ("tasks.py", "__wakeup"),
                ("futures.py", "result"), ("futures.py", "__await__")}


def install(patches):
    patches.update({"asyncio.base_events": _patch_loop_close, "asyncio.coroutines": _patch_coroutine_names,
                    "asyncio.tasks": _patch_task_wakeup, "asyncio.futures": _patch_failed_tasks})


def drop_accelerated_frames(stack):
    """Removes from a traceback.StackSummary the frames CPython would not have: this module's stand-ins too."""
    asyncio = sys.modules.get("asyncio")
    directory = os.path.dirname(getattr(asyncio, "__file__", None) or "") if asyncio is not None else ""
    if directory and any(os.path.dirname(frame.filename) == directory for frame in stack):
        stack[:] = [frame for frame in stack if frame.filename != _OWN_FILE and (
            os.path.dirname(frame.filename) != directory
            or (os.path.basename(frame.filename), frame.name) not in _ACCELERATED)]


def _patch_loop_close(base_events):
    loop_type = base_events.BaseEventLoop
    close = loop_type.close

    def report_lost_exceptions(loop):
        for task in _FAILED.pop(loop, ()):
            if task._log_traceback:
                task.__del__()  # what CPython runs as the task is freed: the loop's exception handler
                task._log_traceback = False  # and never again, should a collection run it

    def patched_close(self):
        try:
            close(self)
        finally:
            report_lost_exceptions(self)

    loop_type.close = stand_in(patched_close, close)


def _patch_failed_tasks(futures):
    """A task's exception is set through the Python Future's set_exception (the Task's own refuses callers), as is a
    future's (an executor's result, copied by wrap_future, among them)."""
    future_type = futures._PyFuture
    set_exception = future_type.set_exception

    def patched_set_exception(self, exception):
        set_exception(self, exception)
        failed = _FAILED.setdefault(self._loop, [])
        failed.append(self)
        if len(failed) % 1024 == 0:
            # A loop that runs long fails many and reads most (a retried call awaited each time): those read are let
            # go, not held, exceptions and tracebacks, until the loop closes.
            failed[:] = [future for future in failed if future._log_traceback]

    future_type.set_exception = stand_in(patched_set_exception, set_exception)


def _patch_coroutine_names(coroutines):
    native = coroutines._format_coroutine

    def _format_coroutine(coro):
        text = native(coro)
        unnamed = f"<{type(coro).__name__} without __name__>()"
        code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
        if text.startswith(unnamed) and code is not None:
            return f"{code.co_qualname}(){text[len(unnamed):]}"
        return text

    coroutines._format_coroutine = stand_in(_format_coroutine, native)


def _patch_task_wakeup(tasks):
    task_type = tasks.Task
    if task_type is not getattr(tasks, "_PyTask", None) or not hasattr(task_type, "_Task__wakeup"):
        return
    native = task_type._Task__wakeup

    def wakeup(self, future):
        try:
            future.result()
        except BaseException as exc:  # this may be a cancellation too: the coroutine gets it either way
            error = exc
        else:
            error = None
        # Outside the except clause, so that the coroutine does not resume while the task handles `error`.
        if error is None:
            self._Task__step()
        else:
            self._Task__step(error)

    task_type._Task__wakeup = stand_in(wakeup, native)


# The stand-ins above are this module's frames, which a traceback leaves out as it does the methods they replace.
_OWN_FILE = _patch_task_wakeup.__code__.co_filename
