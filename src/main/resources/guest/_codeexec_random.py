"""random's choice, randint, randrange, shuffle and sample for random.Random itself (the module's functions are its
instance's), with _randbelow's draw written into each: rng.randint(1, 80) went through three Python calls, each
costing here about what the whole draw costs in CPython. The same getrandbits(k) calls are made in the same order, so
seeded sequences are CPython's. Taken only for the module's instance (by identity: type() costs as much as a call
here) or an exact random.Random, with arguments of exact built-in types, so no user code runs before the choice is
made; anything else (a subclass, whose random, getrandbits, _randbelow or randrange may be its own, an int or list
subclass, a bad argument and its error) goes to the standard library's method, whose frames tracebacks show without
this module's (FILE, hidden by _codeexec_patches' traceback patch). The checks cost what the saved calls did for an
instance's choice and randrange(n); shuffle and sample save a call per draw.

Not seen: getrandbits, _randbelow or randrange replaced on random.Random itself or on one instance after import
(a subclass is the way the standard library offers), or the module's instance given another class."""

FILE = "<_codeexec_random>"  # what GraalPy names this module's code: checked in accelerate
_CHOSEN = (list, tuple, str)  # len and indexing without user code, and a len that cannot overflow
_SAMPLED = (list, tuple, str, range)


def accelerate(random):
    Random = random.Random
    if Random._randbelow is not Random._randbelow_with_getrandbits or accelerate.__code__.co_filename != FILE:
        return  # not the module this was written for
    from _codeexec_patches import stand_in
    getrandbits = Random.getrandbits  # _random.Random's: the generator itself
    standard_choice, standard_randrange, standard_randint = Random.choice, Random.randrange, Random.randint
    standard_shuffle, standard_sample = Random.shuffle, Random.sample
    ONE, ceil, log, inst = random._ONE, random._ceil, random._log, random._inst
    list_type, int_type = list, int

    def below(self, n):
        """_randbelow_with_getrandbits(n), n > 0."""
        k = n.bit_length()
        r = getrandbits(self, k)
        while r >= n:
            r = getrandbits(self, k)
        return r

    def choice(self, seq):
        if self is inst or type(self) is Random:
            kind = type(seq)
            if kind is list_type or kind in _CHOSEN:
                n = len(seq)
                if n:
                    k = n.bit_length()
                    r = getrandbits(self, k)
                    while r >= n:
                        r = getrandbits(self, k)
                    return seq[r]
        return standard_choice(self, seq)

    def randint(self, a, b):
        if (self is inst or type(self) is Random) and type(a) is int_type and type(b) is int_type:
            n = b - a + 1
            if n > 0:
                k = n.bit_length()
                r = getrandbits(self, k)
                while r >= n:
                    r = getrandbits(self, k)
                return a + r
        return standard_randint(self, a, b)

    def randrange(self, start, stop=None, step=ONE):
        if (self is inst or type(self) is Random) and type(start) is int_type:
            if stop is None:
                if step is ONE and start > 0:
                    k = start.bit_length()
                    r = getrandbits(self, k)
                    while r >= start:
                        r = getrandbits(self, k)
                    return r
            elif type(stop) is int_type and (step is ONE or type(step) is int_type):
                width = stop - start
                if step == 1:
                    if width > 0:
                        k = width.bit_length()
                        r = getrandbits(self, k)
                        while r >= width:
                            r = getrandbits(self, k)
                        return start + r
                elif step:
                    n = (width + step - 1) // step if step > 0 else (width + step + 1) // step
                    if n > 0:
                        return start + step * below(self, n)
        return standard_randrange(self, start, stop, step)

    def shuffle(self, x):
        if type(self) is not Random or type(x) is not list_type:
            return standard_shuffle(self, x)
        n = len(x)
        k = n.bit_length()
        floor = 1 << k >> 1  # the least number of k bits: below it, one bit fewer
        for i in reversed(range(1, n)):
            n = i + 1
            if n < floor:
                k -= 1
                floor >>= 1
            j = getrandbits(self, k)
            while j >= n:
                j = getrandbits(self, k)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None):
        if (type(self) is not Random or counts is not None or type(k) is not int_type
                or type(population) not in _SAMPLED):
            return standard_sample(self, population, k, counts=counts)
        try:
            n = len(population)
        except OverflowError:  # a range too long: its error as the standard library raises it, outside this block
            n = -1
        if not 0 <= k <= n:
            return standard_sample(self, population, k)
        result = [None] * k
        setsize = 21  # the standard library's choice between a pool and a set of selections, and its draws
        if k > 5:
            setsize += 4 ** ceil(log(k * 3, 4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = below(self, n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            selected_add = selected.add
            bits = n.bit_length()
            for i in range(k):
                j = getrandbits(self, bits)
                while j >= n or j in selected:
                    j = getrandbits(self, bits)
                selected_add(j)
                result[i] = population[j]
        return result

    for fused, standard in ((choice, standard_choice), (randint, standard_randint), (randrange, standard_randrange),
                            (shuffle, standard_shuffle), (sample, standard_sample)):
        setattr(Random, standard.__name__, stand_in(fused, standard))
        # The module's functions are its instance's bound methods, taken before this ran.
        setattr(random, standard.__name__, getattr(random._inst, standard.__name__))
