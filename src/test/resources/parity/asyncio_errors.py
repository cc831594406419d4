# Errors in asyncio programs as agents meet them: a failed task awaited, gathered or left alone, and the
# tracebacks and reprs that describe it.
import asyncio
import traceback


async def fetch(n):
    await asyncio.sleep(0)
    if n == 3:
        raise ValueError(f"item {n} failed")
    return n * 10


async def after_failed_await(task):
    try:
        await task
    except ValueError as e:
        print("".join(traceback.format_exception(e)).strip())
    try:
        raise KeyError("later")
    except KeyError as e:
        return repr(e.__context__)


async def main():
    first = asyncio.create_task(fetch(1))
    print(first.get_name(), await first)
    failed = asyncio.create_task(fetch(3))
    print("context after a failed task:", await after_failed_await(failed))
    print(repr(failed))
    results = await asyncio.gather(*(fetch(n) for n in range(5)), return_exceptions=True)
    print(results)
    try:
        await asyncio.gather(fetch(2), fetch(3))
    except ValueError as e:
        print("gather raised:", e, [line.split(",")[-1].strip() for line in traceback.format_tb(e.__traceback__)])


asyncio.run(main())
