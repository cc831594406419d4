import struct
print(struct.calcsize("@bi"), struct.calcsize("=bi"), struct.calcsize("<q"), struct.calcsize("@?hq"), struct.calcsize("P"), struct.calcsize("0q"))
print(struct.pack("@bi", 1, 2), struct.pack("<bi", 1, 2), struct.pack(">h", -2), struct.pack("!I", 1))
print(struct.pack("e", 1.5), struct.unpack("e", b"\x00\x3c"), struct.pack("<f", 0.1), struct.unpack("<f", struct.pack("<f", 0.1)))
print(struct.pack("5s", b"ab"), struct.pack("3p", b"abcdef"), struct.unpack("3p", b"\x05ab"), struct.pack("2c", b"x", b"y"))
print(struct.pack("?", 2), struct.unpack("??", b"\x00\x07"), struct.pack("<Q", 2**64 - 1), struct.pack("<n", -1) if False else "")
print(list(struct.iter_unpack("<hh", bytes(range(8)))))
buf = bytearray(10); struct.pack_into("<HI", buf, 2, 0xABCD, 7); print(buf, struct.unpack_from("<HI", buf, offset=2))
s = struct.Struct("<3sxI"); print(s.size, s.format, s.pack(b"abc", 9), s.unpack(b"abc\x00\x09\x00\x00\x00"))
for fmt, args in [("b", (200,)), ("<H", (-1,)), ("i", ("x",)), ("2h", (1,)), ("<I", (2**32,)), ("z", (1,)), ("c", (b"ab",))]:
    try:
        struct.pack(fmt, *args)
    except struct.error as e:
        print(fmt, "struct.error")
try:
    struct.unpack("<I", b"\x00")
except struct.error:
    print("unpack short: struct.error")
try:
    list(struct.iter_unpack("<I", b"\x00" * 5))
except struct.error:
    print("iter_unpack: struct.error")
print(struct.pack("<d", float("inf")).hex(), struct.unpack("<d", bytes.fromhex("000000000000f87f"))[0], struct.pack(">e", -0.0))
print(int.from_bytes(b"\xff\xfe", "big", signed=True), (-2).to_bytes(2, "little", signed=True), (255).to_bytes(), int.from_bytes(b"\x01\x00", "little"))
try:
    (256).to_bytes(1, "big")
except OverflowError as e:
    print("OverflowError:", e)
print(struct.pack("<3i", *range(3)), struct.unpack(">3B", b"abc"), struct.pack("10x"))
