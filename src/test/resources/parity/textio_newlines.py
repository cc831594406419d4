# TextIOWrapper.newlines is None when the wrapper was given a newline mode (its decoder keeps no record).
import io
for nl in [None, "", "\n", "\r", "\r\n"]:
    t = io.TextIOWrapper(io.BytesIO(b"a\r\nb\rc\nd"), encoding="ascii", newline=nl)
    t.read()
    try:
        print(repr(nl), t.newlines)
    except AttributeError as e:
        print(repr(nl), "AttributeError:", e)
