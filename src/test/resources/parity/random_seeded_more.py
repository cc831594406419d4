import random
random.seed(42)
print(random.choices(["a", "b", "c"], weights=[5, 1, 1], k=10))
print(random.choices(range(10), cum_weights=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], k=5))
print(random.sample(range(100), 5), random.sample(["x", "y", "z"], counts=[3, 1, 2], k=4))
l = list(range(10)); random.shuffle(l); print(l)
print(round(random.gauss(0, 1), 12), round(random.normalvariate(10, 2), 12), random.getrandbits(64), random.randbytes(8).hex())
print(random.randint(1, 6), random.randrange(0, 100, 5), round(random.uniform(1, 2), 12), round(random.triangular(0, 10, 3), 12))
print(round(random.expovariate(1.5), 12), round(random.betavariate(2, 3), 12), round(random.gammavariate(2, 1), 12), round(random.lognormvariate(0, 1), 12))
print(round(random.vonmisesvariate(1, 2), 12), round(random.paretovariate(3), 12), round(random.weibullvariate(1, 2), 12), random.binomialvariate(10, 0.3) if hasattr(random, "binomialvariate") else "")
r = random.Random("string seed"); print(r.random(), r.choice("abcdef"))
r2 = random.Random(b"bytes seed"); print(r2.random())
r3 = random.Random(3.5) if False else random.Random(12345678901234567890); print(r3.random())
st = random.getstate(); a = random.random(); random.setstate(st); print(a == random.random())
random.seed(7, version=1); print(random.random())
random.seed(0); print([random.randrange(1000) for _ in range(5)], random.choice([1, 2, 3]), random.random())
try:
    random.choices("ab", weights=[1], k=2)
except ValueError as e:
    print("ValueError:", e)
try:
    random.sample(range(3), 5)
except ValueError as e:
    print("ValueError:", e)
try:
    random.randrange(5, 5)
except ValueError as e:
    print("ValueError:", e)
sr = random.SystemRandom(); print(0 <= sr.random() < 1)
random.seed(None) if False else None
