# marshal.load of objects without a read method raises the AttributeError of the lookup, as in CPython.
import marshal, io
for arg in (42, None, "text", b"bytes", io.BytesIO(marshal.dumps({"k": (1, 2.5)}))):
    try:
        print(marshal.load(arg))
    except BaseException as e:
        print(type(e).__name__, e)
print(marshal.load.__name__, marshal.load.__module__)
