# Where a SyntaxError says the mistake is, as tools that report it to a user read it.
sources = ["x = 1\ny = 2\n  z = 3\n", "total = (1 +\n  2\nprint(total)\n", "if x = 1:\n    pass\n", "def f(:\n    pass\n"]
for source in sources:
    try:
        compile(source, "snippet.py", "exec")
    except SyntaxError as e:
        print(type(e).__name__, e.msg, e.lineno, e.offset)
