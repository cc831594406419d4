# format() called many times with the same specs, plain ones and those formatted in Python (a fill that is an
# alignment character, the n type), in turns: each spec is formatted as CPython does on every call.
specs = ["", ".2f", "n", "=^9", ">8", "<<6", ",", "08.3f", "^^7", ".3n", "x", "=>5", "e"]
values = [1234567, -2.5, 0, 3.14159, 255, 1e21]
for round_ in range(3):
    for spec in specs:
        row = []
        for value in values:
            try:
                row.append(format(value, spec))
            except ValueError as e:
                row.append(f"ValueError: {e}")
        print(round_, repr(spec), row)
print(format("text"), format("text", "=^10"), format("text", "_<8"), format(None), format([1, 2]))
for bad in (5, None, b"x"):
    try:
        format(1, bad)
    except TypeError as e:
        print(type(e).__name__, e)
print(format.__name__, format.__module__)
