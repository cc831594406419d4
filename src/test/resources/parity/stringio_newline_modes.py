import copy, csv, io, pickle

# A StringIO with newline="" before and after a "\r" is written: lines, position, newlines, state, copies.
s = io.StringIO("a,1\nb,2\n", newline="")
print(type(s).__name__, repr(s)[:16], isinstance(s, io.StringIO), isinstance(s, io.TextIOBase))
print(s.newlines, s.readline(), s.tell(), list(s), s.newlines)
s.write("c,3\r")
s.write("\nd,4\re,5\r\n")
s.seek(0)
print(list(s), s.newlines, type(s) is io.StringIO)
print(s.__getstate__()[:3])

t = io.StringIO("w", newline="")
print(t.newlines, t.getvalue())
t.writelines(["x\n", "y\n"])
print(t.newlines, t.getvalue())
t.seek(0)
print(t.readline(1), t.readline(), t.readlines())
print(t.__getstate__()[:3])
for clone in (pickle.loads(pickle.dumps(t)), copy.copy(t), copy.deepcopy(t)):
    print(type(clone).__name__, clone.getvalue() == t.getvalue(), clone.tell(), clone.newlines, clone.__getstate__()[1:3])

# A "\n" written, overwritten, then a "\r": newlines still counts the "\n", as CPython's decoder saw it.
u = io.StringIO("p\n", newline="")
u.seek(0)
u.truncate()
u.write("q\rr")
print(repr(u.getvalue()), u.newlines, u.tell())

# Overseek, then the first "\r": the gap is filled as before.
v = io.StringIO("ab", newline="")
v.seek(5)
v.write("\r")
print(repr(v.getvalue()), v.tell())

# The other modes and initial values with "\r" are GraalPy's own, as before.
for newline in (None, "\n", "\r", "\r\n", ""):
    w = io.StringIO("l1\rl2\r\nl3\n", newline=newline)
    print(repr(newline), list(w), w.newlines)

# Errors read as for any StringIO.
for bad in ((lambda: io.StringIO("x", newline="?")), (lambda: io.StringIO(newline="").write(b"x")),
            (lambda: io.StringIO(5, newline=""))):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)  # GraalPy words these messages its own way
closed = io.StringIO("open", newline="")
closed.close()
for op in (lambda: closed.write("a"), lambda: closed.newlines, lambda: closed.writelines([])):
    try:
        op()
    except ValueError:
        print("ValueError")


# A caller's subclass, and csv reading and writing through newline="".
class Lines(io.StringIO):
    pass


k = Lines("m\rn\n", newline="")
print(type(k).__name__, list(k), isinstance(k, io.StringIO))
rows = "\n".join(f'{i},"quoted\nfield {i}",x' for i in range(3)) + "\n"
print(list(csv.reader(io.StringIO(rows, newline=""))))
out = io.StringIO("id,text\n", newline="")
out.seek(0, io.SEEK_END)
csv.writer(out).writerows([[1, "a"], [2, "b\nc"]])
print(repr(out.getvalue()), out.newlines)
print(list(io.StringIO(out.getvalue(), newline="")))
empty = io.StringIO(newline="")
empty.write("e1\ne2\n")
empty.seek(0)
print(list(empty), empty.newlines, type(empty) is io.StringIO)
