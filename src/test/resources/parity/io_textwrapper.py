import io
raw = io.BytesIO()
w = io.TextIOWrapper(raw, encoding="utf-16", newline="\r\n", write_through=True)
w.write("línea 1\nline 2\n"); w.flush(); print(raw.getvalue().hex(" ")[:60], len(raw.getvalue()))
w.detach()
for nl in [None, "", "\n", "\r", "\r\n"]:
    t = io.TextIOWrapper(io.BytesIO(b"a\r\nb\rc\nd"), encoding="ascii", newline=nl)
    print(repr(nl), t.readlines(), t.newlines if nl is None else "-")
t = io.TextIOWrapper(io.BytesIO("caf\u00e9\n".encode("latin-1")), encoding="utf-8", errors="replace"); print(repr(t.read()))
t = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfbom text"), encoding="utf-8-sig"); print(repr(t.read()), t.encoding, t.errors)
t = io.TextIOWrapper(io.BytesIO(b"\xff"), encoding="utf-8")
try:
    t.read()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e.start)
t = io.TextIOWrapper(io.BytesIO("αβγ\nδ".encode()), encoding="utf-8"); print(t.readline(), t.tell() > 0, t.read(1), t.buffer.tell())
b = io.BytesIO(b"0123456789"); print(b.read(3), b.seek(-2, io.SEEK_END), b.read(), b.seek(0), b.readline(), b.getbuffer().nbytes)
b.seek(20); b.write(b"x"); print(b.getvalue())
s = io.StringIO("l1\nl2\n"); s.seek(0, io.SEEK_END); s.write("l3"); s.seek(0); print(s.readlines(), s.tell())
try:
    s.seek(1, io.SEEK_CUR)
except OSError as e:
    print(type(e).__name__)
br = io.BufferedReader(io.BytesIO(b"abcdef"), buffer_size=2); print(br.peek(1)[:1], br.read(2), br.read1(10), br.read())
rw = io.BufferedRandom(io.BytesIO(b"hello")) if False else None
print(io.DEFAULT_BUFFER_SIZE, issubclass(io.StringIO, io.TextIOBase), isinstance(io.BytesIO(), io.BufferedIOBase), io.text_encoding(None))
try:
    io.StringIO().fileno()
except io.UnsupportedOperation as e:
    print("UnsupportedOperation:", e)
c = io.StringIO(); c.close()
try:
    c.write("x")
except ValueError as e:
    print("ValueError")
