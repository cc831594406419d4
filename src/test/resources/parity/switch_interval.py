import sys, threading
print(sys.getswitchinterval())
previous = sys.getswitchinterval()
sys.setswitchinterval(0.001)
print(sys.getswitchinterval(), 0.0005 < sys.getswitchinterval() < 0.002)
try:
    sys.setswitchinterval(0)
except ValueError as e:
    print("ValueError:", e)
sys.setswitchinterval(previous)
done = threading.Event()
threading.Thread(target=done.set).start()
print(done.wait(5), sys.getswitchinterval() == 0.005)
