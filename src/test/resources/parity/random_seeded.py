import random
r = random.Random(42)
print([r.randint(1, 100) for _ in range(5)], r.random(), r.choice("abcdef"))
items = list(range(10))
r.shuffle(items)
print(items, r.sample(range(100), 5), r.uniform(1, 2), r.gauss(0, 1))
print(r.choices("abc", weights=[5, 1, 1], k=8), r.getrandbits(64), r.randrange(0, 100, 7))
random.seed("seed-text")
print(random.random(), random.randbytes(4).hex(), random.triangular(0, 10))
