# .xz data at its edges: a stream with nothing in it, a file cut short (after its header, and before its footer),
# and what a decoder fed part of a stream asks for next.
import lzma
import os
import shutil

shutil.rmtree("compression_xz_edges", ignore_errors=True)
os.mkdir("compression_xz_edges")
os.chdir("compression_xz_edges")
print(lzma.decompress(lzma.compress(b"")))
with open("empty.xz", "wb") as f:
    f.write(lzma.compress(b""))
with lzma.open("empty.xz") as f:
    print(f.read())
data = lzma.compress(b"hello xz\n" * 100)
for cut in (24, len(data) - 12):
    with open("cut.xz", "wb") as f:
        f.write(data[:cut])
    try:
        lzma.open("cut.xz", "rt").read()
    except EOFError as e:
        print(cut, e)
decoder = lzma.LZMADecompressor()
decoder.decompress(data[:30])
print(decoder.needs_input, decoder.eof)
print(len(decoder.decompress(data[30:])), decoder.needs_input, decoder.eof, decoder.unused_data)
