import collections, csv, io


def show(fieldnames, rows, **options):
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=fieldnames, **options)
    writer.writeheader()
    results = [writer.writerow(row) for row in rows]
    print(repr(out.getvalue()), results)


# Missing keys take restval; values of every kind; quoting as the dialect says.
show(["id", "name", "score"], [{"id": 1, "name": "Ann", "score": 9.5}, {"id": 2, "name": 'Bob "B", Jr'},
                                {"score": None, "id": 3, "name": "line\nbreak"}], restval="?")
show(("a", "b"), [{"a": 1.0, "b": "x"}], quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n")
show(["only"], [{"only": ""}, {}])
show([], [{}])

# Keys outside the header: refused by default, dropped with extrasaction="ignore".
try:
    show(["a"], [{"a": 1, "b": 2, "c": 3}])
except ValueError as e:
    print("ValueError:", str(e).split(":")[0])
show(["a"], [{"a": 1, "b": 2}], extrasaction="ignore")

# Header sequences and names of other kinds, dicts of other kinds.
row = {"k": 1, "v": 2}
show(row.keys(), [row])
show([1, 2.5, None], [{1: "one", 2.5: "two"}])
show(["k", "v"], [collections.OrderedDict(v=4, k=3), collections.defaultdict(int, k=5)])


class Upper(dict):
    def get(self, key, default=None):
        return str(super().get(key, default)).upper()


show(["k", "v"], [Upper(k="a", v="b")])

# writerows, a header changed between rows, and many columns.
out = io.StringIO()
writer = csv.DictWriter(out, fieldnames=["x", "y"])
writer.writerows([{"x": i, "y": i * i} for i in range(3)])
writer.fieldnames = ["y", "x"]
writer.writerow({"x": 7, "y": 8})
writer.fieldnames.append("z")
writer.writerow({"x": 9, "y": 10, "z": 11})
print(repr(out.getvalue()))
wide = [f"c{i}" for i in range(300)]
show(wide[:3] + wide[297:], [{name: i for i, name in enumerate(wide[:3] + wide[297:])}])
out = io.StringIO()
csv.DictWriter(out, fieldnames=wide).writerow({name: i for i, name in enumerate(wide)})
print(len(out.getvalue()), out.getvalue()[-12:])
