# anext with a default: the next item, then the default once the generator is done; without one,
# StopAsyncIteration; a non-iterator is refused at the call.
import asyncio


async def numbers():
    yield 1
    yield 2


async def main():
    g = numbers()
    print(await anext(g), await anext(g, "done"), await anext(g, "done"), await anext(g, None))
    try:
        await anext(g)
    except StopAsyncIteration:
        print("StopAsyncIteration")
    try:
        anext([1], 0)
    except TypeError as e:
        print("TypeError:", e)
    print(anext.__name__)


asyncio.run(main())
