# zipfile's ZIP_LZMA members need lzma's raw format, which GraalPy's lzma has only with a native library.
import io, zipfile
buf = io.BytesIO()
try:
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_LZMA) as z:
        z.writestr("a.txt", b"data " * 100)
    with zipfile.ZipFile(buf) as z:
        print(z.read("a.txt")[:10], z.getinfo("a.txt").compress_type)
except Exception as e:
    print(type(e).__name__)
