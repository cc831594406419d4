def risky(n):
    if n % 2:
        raise ValueError(f"odd {n}")
    raise TypeError(f"even {n}")
try:
    raise ExceptionGroup("batch", [ValueError("a"), TypeError("b"), ValueError("c")])
except* ValueError as eg:
    print("values:", [str(e) for e in eg.exceptions])
except* TypeError as eg:
    print("types:", [str(e) for e in eg.exceptions])
eg = ExceptionGroup("g", [KeyError(1), ValueError(2)])
match, rest = eg.split(KeyError)
print(match.exceptions, rest.exceptions)
try:
    try:
        risky(1)
    except ValueError as e:
        raise RuntimeError("wrapped") from e
except RuntimeError as e:
    print(repr(e), repr(e.__cause__))
    e.add_note("extra context")
    print(e.__notes__)
