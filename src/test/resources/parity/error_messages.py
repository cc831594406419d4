# The messages of errors agents' code meets, as a traceback prints them.
import datetime
import traceback


def shown(action):
    try:
        action()
    except Exception as e:
        print(traceback.format_exception_only(e)[-1], end="")


counter = 0


def increment():
    counter += 1


def outer():
    def inner():
        return late
    inner()
    late = 1


def assign():
    point = (1, 2)
    point[0] = 5


def delete():
    labels = ("a", 1.5, None)
    del labels[0]


shown(increment)
shown(outer)
shown(assign)
shown(delete)
shown(lambda: str(10 ** 5000))
shown(lambda: int("7" * 5000))
shown(lambda: datetime.date.fromisoformat("2024-3-5"))
shown(lambda: datetime.datetime.fromisoformat("2024-13-01T00:00"))


def first_letters(lines):
    return [line[0] for line in lines]


shown(lambda: first_letters(["alpha", "", "gamma"]))
shown(lambda: set().pop())
shown(lambda: -"12")
shown(lambda: ~1.5)
shown(lambda: dict({"a": 1}, {"b": 2}))
