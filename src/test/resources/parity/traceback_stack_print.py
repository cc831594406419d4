import traceback, sys
def a():
    b()
def b():
    traceback.print_stack(file=sys.stdout)
    print([ (f.name, f.lineno) for f in traceback.extract_stack()])
    print(traceback.format_stack(limit=1))
a()
def gen():
    yield from sub()
def sub():
    yield traceback.extract_stack()[-3:]
print([(f.name, f.lineno) for f in next(gen())])
try:
    [1 / x for x in [1, 0]]
except ZeroDivisionError:
    traceback.print_exc(file=sys.stdout)
try:
    (lambda: {}["k"])()
except KeyError:
    traceback.print_exc(file=sys.stdout)
class K:
    @property
    def p(self): return self.missing
try:
    K().p
except AttributeError:
    traceback.print_exc(file=sys.stdout)
