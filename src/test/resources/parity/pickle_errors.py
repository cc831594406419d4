import pickle, io
try:
    pickle.dumps(lambda x: x)
except Exception as e:
    print(type(e).__name__)
try:
    pickle.loads(b"garbage")
except Exception as e:
    print(type(e).__name__, e)
class Custom:
    def __init__(self, n):
        self.n = n
    def __reduce__(self):
        return (Custom, (self.n * 2,))
print(pickle.loads(pickle.dumps(Custom(21))).n)
class State:
    def __init__(self):
        self.a, self.cache = 1, {"big": 1}
    def __getstate__(self):
        return {"a": self.a}
    def __setstate__(self, s):
        self.__dict__.update(s, cache={})
s = pickle.loads(pickle.dumps(State()))
print(s.a, s.cache)
buf = io.BytesIO()
p = pickle.Pickler(buf, protocol=4)
p.dump({"k": [1, 2]})
p.dump("second")
buf.seek(0)
u = pickle.Unpickler(buf)
print(u.load(), u.load())
