# Releasing a lock that is not held is an error, and the lock keeps admitting one holder at a time after it:
# a double release by mistake must not let two threads into a locked section.
import _thread
import queue
import threading

lock = threading.Lock()
try:
    lock.release()
except RuntimeError as e:
    print("RuntimeError:", e)
print(lock.acquire(False), lock.acquire(False), lock.locked())
got = []
t = threading.Thread(target=lambda: got.append(lock.acquire(timeout=0.2)))
t.start()
t.join()
print(got)
lock.release()
with lock:
    print(lock.locked(), repr(lock).split(" object")[0])
print(lock.locked(), repr(lock).split(" object")[0])
raw = _thread.allocate_lock()
try:
    raw.release()
except RuntimeError as e:
    print("RuntimeError:", e)
print(raw.acquire(False), raw.acquire(False))
q = queue.Queue()
workers = [threading.Thread(target=lambda: q.put(sum(range(1000)))) for _ in range(4)]
for w in workers:
    w.start()
print([q.get(timeout=5) for _ in workers])
cond = threading.Condition(threading.Lock())
with cond:
    print(cond.wait(timeout=0.01))
