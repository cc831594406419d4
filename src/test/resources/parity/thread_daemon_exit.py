import threading, time, atexit
stop = threading.Event()
def forever():
    while not stop.wait(0.01):
        pass
d = threading.Thread(target=forever, daemon=True, name="bg")
d.start()
print(d.daemon, d.name, d.is_alive())
late = []
def slow():
    time.sleep(0.05)
    print("non-daemon finished after main")
nd = threading.Thread(target=slow)
nd.start()
atexit.register(lambda: print("atexit runs after non-daemon threads"))
def hook(args):
    print("excepthook:", args.exc_type.__name__, args.exc_value, args.thread.name)
threading.excepthook = hook
t = threading.Thread(target=lambda: 1 / 0, name="crasher"); t.start(); t.join()
print("main done", threading.main_thread().name, threading.current_thread() is threading.main_thread())
