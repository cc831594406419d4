# A source holding a fill that is an alignment character is rewritten before it runs; its classes, line numbers
# and runtime-checkable protocols must be what they would be without the rewrite.
import io
import sys
import traceback
from typing import Protocol, runtime_checkable


@runtime_checkable
class Closable(Protocol):
    def close(self) -> None: ...


class Account:
    rate = 2

    def total(self, n):
        return n * self.rate


print(isinstance(io.StringIO(), Closable), sorted(k for k in vars(Account) if not k.startswith("__") or "cell" in k))
banner = f"""{'multi':=^11}
{'line':-<8}"""
print(banner, f"{Account().total(3):*>6}", "{:=^7}".format("é"))
try:
    {}["missing"]
except KeyError:
    print(traceback.extract_tb(sys.exc_info()[2])[-1].lineno)
print(f"{'x':=^7}" f"{-2.5:>>6}", f"{'ü':=^5}{'ß':<^4}")
