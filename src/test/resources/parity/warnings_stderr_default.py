import warnings, io, contextlib
buf = io.StringIO()
with contextlib.redirect_stderr(buf):
    warnings.warn("goes to stderr")
    warnings.warn("deprecated in main", DeprecationWarning)
    warnings.warn("pending", PendingDeprecationWarning)
    def f():
        warnings.warn("stacklevel two", stacklevel=2)
    f()
    import codecs
    warnings.warn("runtime", RuntimeWarning)
text = buf.getvalue()
print(text)
