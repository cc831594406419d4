import csv, io
from collections import defaultdict
data = """region,product,units,price
north,widget,10,2.50
south,gadget,3,10.00
north,gadget,7,9.50
east,widget,12,2.25
south,widget,5,2.75
"""
totals = defaultdict(float)
for row in csv.DictReader(io.StringIO(data)):
    totals[row["region"]] += int(row["units"]) * float(row["price"])
out = io.StringIO()
w = csv.writer(out, lineterminator="\n")
w.writerow(["region", "revenue"])
for region in sorted(totals):
    w.writerow([region, f"{totals[region]:.2f}"])
print(out.getvalue(), end="")
