import doctest
def add(a, b):
    """
    >>> add(1, 2)
    3
    >>> add('a', 'b')
    'ab'
    >>> add(1, 1)
    3
    """
    return a + b
import sys
r = doctest.run_docstring_examples(add, {"add": add}, verbose=False, name="add") 
print(doctest.testmod(verbose=False, report=False) if False else "")
finder = doctest.DocTestFinder(); runner = doctest.DocTestRunner(verbose=False)
for t in finder.find(add, "add", globs={"add": add}):
    runner.run(t, out=sys.stdout.write)
print(runner.summarize(verbose=False))
