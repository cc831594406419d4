import csv, io

# Which steps a DictReader's rows take: its own class read straight from its names, anything else as the standard
# library reads them, through the fieldnames getter as often, with what that getter does.


class Counting(csv.DictReader):
    calls = 0

    @property
    def fieldnames(self):
        Counting.calls += 1
        return super().fieldnames


reader = Counting(io.StringIO("a,b\n1,2\n\n3\n4,5,6\n"))
for row in reader:
    print(reader.line_num, Counting.calls, row)


class Plain(csv.DictReader):
    pass


print(list(Plain(io.StringIO("a,b\n1,2\n"))), type(Plain(io.StringIO("")).__next__).__name__)

# The getter replaced on the class for a while, then put back.
stock = csv.DictReader.fieldnames
csv.DictReader.fieldnames = property(lambda self: ["X", "Y"])
print(list(csv.DictReader(io.StringIO("a,b\n1,2\n"))))
csv.DictReader.fieldnames = stock
print(list(csv.DictReader(io.StringIO("a,b\n1,2\n"))))


# Its reader replaced by an iterator of the caller's, whose rows may be tuples and whose line number counts reads.
class Rows:
    def __init__(self, rows):
        self.rows, self.reads = iter(rows), 0

    def __next__(self):
        return next(self.rows)

    @property
    def line_num(self):
        self.reads += 1
        return self.reads


reader = csv.DictReader(io.StringIO(""), fieldnames=["p", "q"])
reader.reader = Rows([["1", "2"], ("3", "4"), [], "56", ["7"]])
print(list(reader), reader.line_num)

# Names that are str subclasses keep their type as keys; names of other kinds and lengths.


class Name(str):
    def __hash__(self):
        return str.__hash__(self)

    def __eq__(self, other):
        return str.__eq__(self, other)


row = next(csv.DictReader(io.StringIO("1,2\n"), fieldnames=[Name("a"), "b"]))
print(row, [type(k).__name__ for k in row])
print(list(csv.DictReader(io.StringIO("1,2\n3,4,5\n6\n"), fieldnames=("t", "u"), restkey="more", restval=0)))
print(list(csv.DictReader(io.StringIO("1,2\n"), fieldnames=iter(["i", "j"]))))
for bad in (5, None.__class__, b"ab"):
    try:
        print(list(csv.DictReader(io.StringIO("1,2\n"), fieldnames=bad)))
    except TypeError as e:
        print("TypeError:", e)
wide = ",".join(f"c{i}" for i in range(300))
print(len(next(csv.DictReader(io.StringIO(wide + "\n" + wide + "\n")))))

# Names mutated, emptied and unset between rows: unset, the getter reads the next row as the header.
reader = csv.DictReader(io.StringIO("a,b\n1,2\nh1,h2\n3,4\n5,6\n7,8\n"))
print(next(reader))
reader.fieldnames = None
print(next(reader), reader.fieldnames, reader.line_num)
reader.fieldnames.append("h3")
print(next(reader))
reader.fieldnames.clear()
print(next(reader), reader.line_num)

# Blank lines before the end, and a header alone: line numbers as each leaves them.
reader = csv.DictReader(io.StringIO("a\n1\n\n\n"))
print(list(reader), reader.line_num)
reader = csv.DictReader(io.StringIO("\n\na,b\n\n1,2\n"))
print(list(reader), reader.line_num, reader.fieldnames)
