# '%d' of a float that is NaN or infinite: CPython raises ValueError or OverflowError, which a program catches.
for value in (float("nan"), float("inf")):
    try:
        print("%d rows" % value)
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
print("done")
