# Fills that are themselves alignment characters, as banners and tables use them: f-strings (with a width given at
# run time too), str.format on a literal, format() and string.Formatter.
import string

title, width = "Report", 30
print(f"{title:=^30}|{'':=<12}|{42:0>5}|{3.5:~^9}|{title!r:<^12}|{title:=^{width}}|{-7:==+6}")
print("{:-<10}|{:<^9}|{:>>5}|{:=^8}".format("a", "b", 1, 2), "{name:=^12}".format(name="x"), "{!r:>^9}".format("q"))
for spec in ("=^30", "<^9", ">>5", "-<10", "*^9"):
    print(repr(format("Report", spec)))
print(string.Formatter().format("{0:^^7}", 3.25))


class Table:
    def rule(self):
        return f"{'':=<20}"


print(Table().rule(), [f"{i:>>3}" for i in range(3)], f"{'\x00':=^5}" == "==\x00==")

# A template kept in a name or a list, as report code keeps its layout apart from its data.
HEADER, ROW = "{:=^24}", "{name:.<12}{total:>>8}"
print(HEADER.format(" Totals "))
for name, total in (("north", 120), ("south", 75)):
    print(ROW.format(name=name, total=total), ROW.format_map({"name": name, "total": total}) == ROW.format(name=name, total=total))
print([layout.format(7) for layout in ("{:^^5}", "{:<<4}", "{:=>6}")], HEADER == "{:=^24}", HEADER.upper())
