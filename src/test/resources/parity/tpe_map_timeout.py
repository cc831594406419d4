import concurrent.futures as cf, threading
ev = threading.Event()
with cf.ThreadPoolExecutor(2) as ex:
    it = ex.map(lambda x: ev.wait(5) and x, [1, 2], timeout=0.05)
    try:
        list(it)
    except cf.TimeoutError as e:
        print("TimeoutError", type(e).__name__, repr(e))
    ev.set()
    print(list(ex.map(str.upper, ["a", "b"], chunksize=2)), list(ex.map(pow, [2, 3], [3, 2])))
    f = ex.submit(sum, [1, 2])
    print(repr(f).split(" ")[0], f.result(), "state=finished" in repr(f))
    fs = [ex.submit(pow, 2, i) for i in range(4)]
    done, pending = cf.wait(fs, timeout=5, return_when=cf.ALL_COMPLETED)
    print(len(done), len(pending), sorted(f.result() for f in done))
    res = []
    f2 = ex.submit(lambda: "x"); f2.add_done_callback(lambda f: res.append(f.result())); f2.result()
print(res)
