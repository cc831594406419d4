import codecs, binascii, base64
print(codecs.encode("hello", "rot13"), codecs.decode(b"68656c6c6f", "hex"), codecs.encode(b"hi", "base64"))
print(codecs.encode(b"x" * 5, "zlib")[:2].hex(), codecs.decode(codecs.encode(b"abc", "bz2") if False else b"abc", "latin-1"))
for enc in ["utf-8", "utf-16-le", "utf-16", "utf-32-be", "cp1252", "latin-1", "ascii", "utf-8-sig", "cp437", "mac_roman", "shift_jis", "euc-jp", "gb2312", "koi8-r"]:
    try:
        print(enc, "naïve €".encode(enc, errors="replace").hex(" "))
    except LookupError as e:
        print(enc, "LookupError", e)
print("naïve".encode("ascii", "xmlcharrefreplace"), "naïve".encode("ascii", "backslashreplace"), "naïve".encode("ascii", "ignore"))
print(b"caf\xe9".decode("utf-8", "replace"), b"caf\xe9".decode("utf-8", "backslashreplace"), b"caf\xe9".decode("utf-8", "surrogateescape").encode("utf-8", "surrogateescape"))
try:
    "é".encode("ascii")
except UnicodeEncodeError as e:
    print(type(e).__name__, e.encoding, e.start, e.end)
try:
    b"\xff\xfe\x00".decode("utf-8")
except UnicodeDecodeError as e:
    print(type(e).__name__, e.encoding, e.start, e.end, e.object)
print(codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.lookup("U8").name, codecs.getencoder("utf-8")("é"))
dec = codecs.getincrementaldecoder("utf-8")()
print([dec.decode(bytes([b])) for b in "é€".encode()], dec.decode(b"", final=True))
print(binascii.crc32(b"hello world"), binascii.crc_hqx(b"hello", 0), hex(binascii.crc32(b"a", binascii.crc32(b"b"))))
print(binascii.b2a_hex(b"\x01\xab"), binascii.unhexlify("01ab"), binascii.b2a_base64(b"hi"), binascii.b2a_base64(b"hi", newline=False))
try:
    binascii.unhexlify("0g")
except binascii.Error as e:
    print("binascii.Error:", e)
print(base64.b32encode(b"hello"), base64.b16encode(b"\xff"), base64.urlsafe_b64encode(b"\xfb\xff"), base64.a85encode(b"hello"), base64.b85encode(b"hello"))
print(base64.b32decode("NBSWY3DP"), base64.a85decode(b"BOu!rDZ"), base64.standard_b64encode(b"x"), base64.encodebytes(b"y" * 60))
print(codecs.escape_decode(b"a\\nb")[0], codecs.encode("é\n", "unicode_escape"), b"\\u00e9".decode("unicode_escape"), "é".encode("raw_unicode_escape"))
print("ab".encode("idna"), "bücher.de".encode("idna"), "xn--bcher-kva".encode().decode("idna"), "mañana".encode("punycode"))
