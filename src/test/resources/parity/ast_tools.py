import ast
print(ast.literal_eval("{'a': [1, 2.5, -3, (True, None)], 'b': {1, 2}, 'c': b'x', 'd': 1+2j}"))
for bad in ["__import__('os')", "1 +", "[x for x in y]", "a", "{**x}", "f'x'"]:
    try:
        ast.literal_eval(bad)
    except (ValueError, SyntaxError) as e:
        print(type(e).__name__, str(e).splitlines()[0].split(" at 0x")[0])
tree = ast.parse("def add(a, b=1):\n    return a + b  # sum\nx = add(2)\n")
print(ast.dump(tree.body[1]))
print(ast.dump(ast.parse("a[1:2]", mode="eval"), indent=2))
print(ast.unparse(tree))
print(ast.unparse(ast.parse("(a if b else c)[d] ** -e, {**f}, lambda *g, h=1: (yield)")))
names = sorted({n.id for n in ast.walk(ast.parse("y = x + z * x; print(y)")) if isinstance(n, ast.Name)})
print(names)
class Renamer(ast.NodeTransformer):
    def visit_Name(self, node):
        return ast.copy_location(ast.Name(id=node.id.upper(), ctx=node.ctx), node)
t2 = ast.fix_missing_locations(Renamer().visit(ast.parse("a = b + 1")))
print(ast.unparse(t2))
ns = {"B": 41}; exec(compile(t2, "<ast>", "exec"), ns); print(ns["A"])
fn = tree.body[0]
print(fn.name, fn.lineno, fn.col_offset, fn.end_lineno, [a.arg for a in fn.args.args], ast.get_docstring(fn), ast.get_source_segment("def add(a, b=1):\n    return a + b  # sum\n", fn.body[0]))
class Counter(ast.NodeVisitor):
    def __init__(self): self.calls = []
    def visit_Call(self, node): self.calls.append(ast.unparse(node.func)); self.generic_visit(node)
cv = Counter(); cv.visit(ast.parse("f(g(1), h.i(2))")); print(cv.calls)
print(ast.dump(ast.Constant(value=3)), isinstance(ast.parse("1").body[0].value, ast.Constant), ast.literal_eval("-0.5"), ast.literal_eval(" ( 1 , ) "))
