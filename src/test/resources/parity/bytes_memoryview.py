import array
data = bytes(range(0, 40, 3))
print(data.hex(), data.hex(":"), data.hex(" ", 2), data.hex("|", -3))
print(bytes.fromhex("de ad be ef"), bytearray.fromhex("0a0B"))
try:
    bytes.fromhex("zz")
except ValueError as e:
    print("ValueError:", e)
mv = memoryview(bytearray(b"hello world"))
print(mv[0], mv[-1], bytes(mv[6:]), mv.nbytes, mv.readonly, mv.format, mv.itemsize)
mv[0:5] = b"HELLO"
print(mv.obj, mv.tobytes(), mv.tolist()[:3])
a = array.array("i", [1, -2, 3, 400000])
m = memoryview(a)
print(m.format, m.itemsize, m.nbytes, m.tolist(), m.cast("B").tolist()[:8])
print(a, a.typecode, a.itemsize, a.tobytes().hex())
m.release()
a.append(5); a.extend([6, 7]); a.insert(0, 0)
print(a, a.index(3), a.count(7), a.pop(), a[::-1])
b = array.array("d", [1.5, 2.25])
print(b, b.buffer_info()[1], repr(array.array("u", "hi")))
f = array.array("H"); f.frombytes(b"\x01\x00\x02\x00")
print(f, f.tolist())
try:
    array.array("b", [200])
except OverflowError as e:
    print("OverflowError")
print(bytes(5), bytes([65, 66]), b"ab" * 3, b"a,b,,c".split(b","), b"  x ".strip())
print(b"hello".center(11, b"*"), b"abc".upper(), b"%d-%s" % (5, b"x"), b"x\tY".expandtabs(4))
print(repr(bytearray(b"\x00\xff'\"")), b"abc"[1], list(b"hi"), bytes.maketrans(b"ab", b"xy"))
with memoryview(b"abcdef") as v:
    print(v[::2].tobytes(), v.hex())
try:
    v[0]
except ValueError as e:
    print("ValueError:", e)
