"""cProfile on the pure-Python profiler. GraalPy's _lsprof failed every cProfile.Profile() past every except clause
(IllegalArgumentException), so cProfile.run, runctx and `with cProfile.Profile()` ended the run. Its Profile is
profile.Profile here, with what cProfile's adds: enable() and disable(), and use as a context manager. The figures
are the pure-Python profiler's, which costs more per call than _lsprof."""

import sys


def patch_cprofile(cprofile):
    import profile

    base = profile.Profile

    class Profile(base):
        """cProfile.Profile: profile.Profile that may also be enabled and disabled around code."""

        def __init__(self, timer=None, timeunit=0.0, subcalls=True, builtins=True):
            if timer is None:
                base.__init__(self)
            else:
                base.__init__(self, timer)

        def enable(self, subcalls=True, builtins=True):
            sys.setprofile(self.dispatcher)

        def disable(self):
            sys.setprofile(None)

        def __enter__(self):
            self.enable()
            return self

        def __exit__(self, *exc_info):
            self.disable()

        def _return(self, frame, t):
            # The frames enable() was called in return without a call the profiler saw: _lsprof ignores them.
            if frame is not self.cur[-2] and frame is not self.cur[-2].f_back and not self._seen(frame):
                return 0
            return base.trace_dispatch_return(self, frame, t)

        def _seen(self, frame):
            cur = self.cur
            while cur:
                if cur[-2] is frame:
                    return True
                cur = cur[-1]
            return False

        dispatch = dict(base.dispatch, **{"return": _return, "c_return": _return, "c_exception": _return})

    Profile.__module__ = cprofile.__name__
    cprofile.Profile = Profile
