# A fill character that is itself an alignment character, as banners use it.
for spec in ("=^30", "<^9", ">>5", "-<10", "*^9"):
    try:
        print(repr(format("Report", spec)))
    except ValueError as e:
        print(spec, "ValueError:", e)
print(f"{'':=<12}|{42:0>5}|{3.5:~^9}")
