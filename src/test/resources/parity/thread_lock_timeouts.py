import threading
lock = threading.Lock()
print(lock.acquire(blocking=False), lock.locked(), lock.acquire(timeout=0.01), lock.acquire(False))
lock.release(); print(lock.locked())
try:
    lock.acquire(blocking=False, timeout=1)
except ValueError as e:
    print("ValueError:", e)
try:
    lock.acquire(timeout=-5)
except ValueError as e:
    print("ValueError:", e)
counter = 0
def bump(n):
    global counter
    for _ in range(n):
        with lock:
            counter += 1
ts = [threading.Thread(target=bump, args=(500,)) for _ in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print("counter", counter)
r = threading.RLock()
r.acquire(); r.acquire(); r.release(); r.release()
try:
    r.release()
except RuntimeError as e:
    print("RuntimeError")
print(type(r).__name__ in ("RLock", "_RLock"))
sem = threading.Semaphore(0)
print(sem.acquire(timeout=0.01), sem.acquire(blocking=False))
sem.release(3); print([sem.acquire(blocking=False) for _ in range(4)])
try:
    threading.Semaphore(-1)
except ValueError as e:
    print("ValueError:", e)
