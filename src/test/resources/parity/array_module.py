from array import array
import array as arraymod
a = array("i", [1, 2, 3])
print(a, repr(array("d", [1.5, 2])), array("u", "héllo"), array("b"), array("B", b"\x01\x02"))
a.append(4); a.extend([5, 6]); a.insert(0, 0); print(a, a.index(3), a.count(2), a.pop(), a[1:3], a[::-1])
a.remove(0); a.reverse(); print(a.tolist(), len(a), a.itemsize, a.typecode)
print(array("h", [1, 256]).tobytes(), array("h", b"\x01\x00\x00\x01"), array("I", [1]).tobytes())
b = array("h", [1, 2]); b.byteswap(); print(b)
c = array("l"); c.frombytes(array("l", [7, 8]).tobytes()); print(c, c == array("l", [7, 8]), c < array("l", [7, 9]))
for args in [("i", [1.5]), ("b", [300]), ("B", [-1]), ("x", []), ("i", "abc")]:
    try:
        array(*args)
    except (TypeError, OverflowError, ValueError) as e:
        print(type(e).__name__)
d = array("d", [3.0, 1.0, 2.0]); print(sorted(d), sum(d), max(d), d * 2, d + array("d", [9]))
try:
    d + array("i", [1])
except TypeError as e:
    print("TypeError:", e)
m = memoryview(array("i", [10, 20, 30])); print(m.format, m.itemsize, m.tolist(), m[1])
print(arraymod.typecodes, array("q", [2**62]), array("f", [0.1])[0])
e = array("i", range(5)); del e[1:3]; e[0:1] = array("i", [9, 9]); print(e)
print(array("u", "abc").tounicode(), array("w", "xyz") if "w" in arraymod.typecodes else "no w")
f = array("i", [1, 2]); f += array("i", [3]); f *= 2; print(f, 3 in f, list(reversed(f)))
import pickle; print(pickle.loads(pickle.dumps(array("d", [1.25]))))
