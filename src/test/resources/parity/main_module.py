import sys, pickle, copy, inspect, typing
from dataclasses import dataclass
@dataclass
class Job:
    name: str
    weight: int = 1
main = sys.modules["__main__"]
print(__name__, main.Job is Job, getattr(main, "__file__", "none") == globals().get("__file__", "none"))
print(pickle.loads(pickle.dumps(Job("x", 3))), copy.deepcopy([Job("y")]))
print(typing.get_type_hints(Job), inspect.getmodule(Job).__name__, Job.__module__)
def helper(x: int) -> int:
    return x + 1
print(pickle.loads(pickle.dumps(helper))(1), inspect.getmodule(helper) is main)
