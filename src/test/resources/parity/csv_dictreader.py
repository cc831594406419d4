import csv, io

# A header and rows of every length: restkey and restval, blank lines skipped, line_num kept.
text = "id,name,score\n1,Ann,90\n\n2,Bob\n3,Cy,75,extra,more\n4,\"Dee, Jr\",88\n"
reader = csv.DictReader(io.StringIO(text), restkey="rest", restval="?")
for row in reader:
    print(reader.line_num, row)
print(sorted(vars(reader)), reader.fieldnames)

# Field names given, duplicated, and not str; quotes, backslashes and non-ASCII in names.
print(list(csv.DictReader(io.StringIO("a,b,c\n1,2,3\n"), fieldnames=["x", "x", "y"])))
print(list(csv.DictReader(io.StringIO("1,2\n3,4\n"), fieldnames=(0, 1.5))))
print(list(csv.DictReader(io.StringIO("1,2\n"), fieldnames=[None, "n"])))
print(list(csv.DictReader(io.StringIO("1,2\n3,4\n"), fieldnames={"k": 0, "v": 0}.keys())))
print(list(csv.DictReader(io.StringIO('"it\'s","q""t","back\\\\slash","caf\u00e9 \U0001F680"\n1,2,3,4\n'))))

# Field names changed while reading, and a subclass that renames them through the property.
reader = csv.DictReader(io.StringIO("a,b\n1,2\n3,4\n5,6\n"))
print(next(reader))
reader.fieldnames[0] = "A"
print(next(reader))
reader.fieldnames = ["p", "q"]
print(next(reader))


class Lowered(csv.DictReader):
    @property
    def fieldnames(self):
        names = super().fieldnames
        return None if names is None else [name.strip().lower() for name in names]


print(list(Lowered(io.StringIO(" ID , Name \n7,Eve\n"))))

# Many columns, an empty file, a header alone, and an unhashable field name.
wide = ",".join(f"c{i}" for i in range(300)) + "\n" + ",".join(str(i) for i in range(300)) + "\n"
row = next(csv.DictReader(io.StringIO(wide)))
print(len(row), row["c0"], row["c299"])
print(list(csv.DictReader(io.StringIO(""))), list(csv.DictReader(io.StringIO("a,b\n"))))
try:
    list(csv.DictReader(io.StringIO("1,2\n"), fieldnames=[["a"], "b"]))
except TypeError as e:
    print("TypeError:", e)

# A parse error surfaces from the reader, with the line it was on.
reader = csv.DictReader(io.StringIO('a,b\n1,2\n"x\n'), strict=True)
try:
    for row in reader:
        print(row)
except csv.Error as e:
    print("csv.Error:", e, reader.line_num)
