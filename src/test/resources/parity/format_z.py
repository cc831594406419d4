# The format spec's z option (3.11): negative zero after rounding prints as 0.
for value in (-0.001, -0.0, 0.5):
    try:
        print(f"{value:z.1f}")
    except ValueError as e:
        print("ValueError:", e)
