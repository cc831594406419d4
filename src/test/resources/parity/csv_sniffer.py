import csv, io
samples = ["name;age;city\nann;31;Paris\nbob;25;Rome\n", "a\tb\tc\n1\t2\t3\n4\t5\t6\n", 'id,"full name",score\n1,"Doe, John",9.5\n2,"Roe, Jane",8\n', "x|y\n1|2\n3|4\n"]
for s in samples:
    d = csv.Sniffer().sniff(s)
    print(repr(d.delimiter), repr(d.quotechar), d.doublequote, d.skipinitialspace, repr(d.lineterminator), d.quoting, csv.Sniffer().has_header(s))
    print(list(csv.reader(io.StringIO(s), d)))
print(csv.Sniffer().sniff("a, b, c\n1, 2, 3\n").skipinitialspace)
try:
    csv.Sniffer().sniff("")
except csv.Error as e:
    print("csv.Error:", e)
d2 = csv.Sniffer().sniff("a:b:c\n1:2:3\n", delimiters=":;"); print(d2.delimiter)
out = io.StringIO(); w = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC); w.writerow(["a", 1, 2.5, None, 'q"t']); print(repr(out.getvalue()))
out = io.StringIO(); w = csv.writer(out, quoting=csv.QUOTE_STRINGS) if hasattr(csv, "QUOTE_STRINGS") else None
if w: w.writerow(["a", 1, None]); print(repr(out.getvalue()))
print(list(csv.reader(['"a",1,,"b"'], quoting=csv.QUOTE_NOTNULL)) if hasattr(csv, "QUOTE_NOTNULL") else "")
print(list(csv.reader(["1,'a,b',3"], quotechar="'")), list(csv.reader(["a\\,b,c"], escapechar="\\")), csv.list_dialects())
try:
    list(csv.reader(['a,"b'], strict=True))
except csv.Error as e:
    print("csv.Error:", e)
print(list(csv.reader(['1,2', ' 3, "4"'], skipinitialspace=True)), csv.field_size_limit())
