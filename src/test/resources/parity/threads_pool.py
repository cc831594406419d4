from concurrent.futures import ThreadPoolExecutor, as_completed
import threading
def square(n):
    return n * n
with ThreadPoolExecutor(max_workers=4) as ex:
    print(list(ex.map(square, range(10))))
    futures = {ex.submit(square, n): n for n in range(5)}
    print(sorted((futures[f], f.result()) for f in as_completed(futures)))
lock = threading.Lock()
counter = 0
def add(k):
    global counter
    for _ in range(k):
        with lock:
            counter += 1
threads = [threading.Thread(target=add, args=(1000,)) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(counter, threading.active_count())
