import threading
def f(): pass
def g(): pass
t1 = threading.Thread(target=f); t2 = threading.Thread(target=g); t3 = threading.Thread()
print(t1.name, t2.name, t3.name)
class MyThread(threading.Thread):
    def run(self):
        self.result = sum(range(10))
m = MyThread(); print(m.name); m.start(); m.join(); print(m.result, m.is_alive())
print(repr(threading.Thread(target=f, name="custom")).split(" ")[0])
print(threading.active_count(), len(threading.enumerate()), threading.current_thread().name)
try:
    t1.join()
except RuntimeError as e:
    print("RuntimeError:", e)
t1.start()
try:
    t1.start()
except RuntimeError as e:
    print("RuntimeError:", e)
t1.join()
try:
    threading.current_thread().join()
except RuntimeError as e:
    print("RuntimeError:", e)
print(t1.ident is not None, t1.native_id is not None, t3.ident)
d = threading.Thread(target=f, daemon=True); print(d.daemon, threading.Thread(target=f).daemon)
