import inspect, random

# The module's functions and seeded instances draw the same numbers as CPython's, in the same order.
random.seed(2026)
print([random.randint(1, 6) for _ in range(12)], random.choice("abcdefg"), random.randrange(10))
print([random.randrange(3, 300) for _ in range(6)], [random.randrange(0, 100, 7) for _ in range(4)])
print(random.randrange(10, 0, -3), random.random())
rng = random.Random(7)
print([rng.choice([10, 20, 30]) for _ in range(8)], [rng.randint(-5, 5) for _ in range(8)])
print(rng.randint(0, 2 ** 80), rng.randrange(2 ** 70, 2 ** 71), rng.choice(range(10 ** 9)))
print(rng.randint(True, 3), rng.randrange(5, 6), rng.randint(4, 4), rng.choice((1,)))
print(rng.sample(range(50), 5), rng.getstate()[1][:3], rng.random())

# Errors name what CPython names.
for call in (lambda: rng.choice([]), lambda: rng.randint(5, 3), lambda: rng.randrange(4, 4),
             lambda: rng.randrange(0), lambda: rng.randint(1.5, 3), lambda: rng.randrange(1, 2.0),
             lambda: rng.randrange(0, 10, 0), lambda: rng.randrange(10, step=2), lambda: rng.choice(5)):
    try:
        print("returned", call())
    except (IndexError, ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)


# Subclasses that draw with random() alone, or pick their own range, keep their own way.
class Halves(random.Random):
    def random(self):
        return 0.5


class Shifted(random.Random):
    def randrange(self, start, stop=None, step=1):
        return 1000 + super().randrange(start, stop, step)


print(Halves(1).choice("abcd"), Halves(1).randint(1, 10), Halves(1).randrange(7))
shifted = Shifted(3)
print(shifted.randint(1, 6), shifted.choice("xyz"), shifted.randrange(2, 9))

# What introspection shows is the standard library's.
print(random.randint.__name__, random.Random.choice.__qualname__, inspect.signature(random.randrange))
print(random.choice.__self__ is random._inst, random.randint.__doc__.split("\n")[0])
