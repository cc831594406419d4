import difflib
a = ["one\n", "two\n", "three\n", "four\n"]
b = ["one\n", "2\n", "three\n", "four\n", "five\n"]
print("".join(difflib.unified_diff(a, b, fromfile="a.txt", tofile="b.txt")))
print(difflib.get_close_matches("appel", ["ape", "apple", "peach", "puppy"]))
sm = difflib.SequenceMatcher(None, "abcdefg", "abxdefgh")
print(round(sm.ratio(), 4), sm.get_opcodes())
print(list(difflib.ndiff(["a b c"], ["a x c"])))
