# A breakpoint() left in a program: pdb reads its commands from stdin (breakpoint_pdb.stdin), then the run goes on.
total = 41
breakpoint()
total += 1
print("after the breakpoint", total)


def area(width, height):
    breakpoint(header="inside area")
    return width * height


print(area(3, 4))
