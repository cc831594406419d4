import csv, io
text = 'name;quote;n\n"Smith, J";"He said ""hi""";1\nDoe;plain;2\n'
dialect = csv.Sniffer().sniff(text)
print(repr(dialect.delimiter), dialect.quotechar)
rows = list(csv.reader(io.StringIO(text), dialect))
print(rows)
out = io.StringIO()
w = csv.DictWriter(out, fieldnames=["a", "b"], quoting=csv.QUOTE_NONNUMERIC, lineterminator="\r\n")
w.writeheader()
w.writerow({"a": 1.5, "b": 'x"y'})
w.writerow({"a": "text, with comma", "b": None})
print(repr(out.getvalue()))
try:
    list(csv.reader(io.StringIO('a,"b\n'), strict=True))
except csv.Error as e:
    print("csv.Error:", e)
