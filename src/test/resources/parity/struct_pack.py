import struct
fmt = "<IhBd4s"
packed = struct.pack(fmt, 4000000000, -12, 255, 3.5, b"abcd")
print(packed.hex(" "), struct.calcsize(fmt))
print(struct.unpack(fmt, packed))
print(struct.calcsize("@ihq"), struct.calcsize("=ihq"), struct.calcsize("!ihq"))
print(list(struct.iter_unpack(">H", b"\x00\x01\x00\x02\xff\xff")))
s = struct.Struct(">3sxH?")
print(s.size, s.format, s.pack(b"xyz", 513, True))
buf = bytearray(12)
struct.pack_into("<iI", buf, 2, -1, 7)
print(buf.hex("-", 4))
for bad in [("<h", 40000), ("<B", -1), ("<I", "x"), ("<q", 2**64)]:
    try:
        struct.pack(*bad)
    except struct.error as e:
        print("struct.error")
try:
    struct.unpack("<I", b"\x00\x01")
except struct.error as e:
    print("struct.error:", e)
print(struct.pack("<e", 1.5).hex(), struct.unpack("<e", b"\x00\x3c"))
print(struct.pack(">f", 0.1).hex(), struct.unpack(">f", struct.pack(">f", 0.1)))
print(struct.pack("<2p3p", b"ab", b"cdef"))
