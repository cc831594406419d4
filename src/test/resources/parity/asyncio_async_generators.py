import asyncio, contextlib
async def ticker(n):
    try:
        for i in range(n):
            received = yield i
            if received:
                print("got", received)
    finally:
        print("ticker closed")
async def main():
    print([x async for x in ticker(3)])
    g = ticker(5)
    print(await g.__anext__(), await g.asend("hello"), await anext(g))
    await g.aclose()
    try:
        await anext(g)
    except StopAsyncIteration:
        print("StopAsyncIteration after aclose")
    print(await anext(ticker(0), "default"))
    g2 = ticker(5); await anext(g2)
    try:
        await g2.athrow(ValueError("thrown"))
    except ValueError as e:
        print("athrow raised", e)
    @contextlib.asynccontextmanager
    async def res(name):
        print("enter", name); 
        try:
            yield name.upper()
        finally:
            print("exit", name)
    async with res("db") as r, res("cache") as c:
        print(r, c)
    async with contextlib.aclosing(ticker(10)) as t:
        async for v in t:
            if v == 1: break
    async def agen():
        yield 1; yield 2
    print(type(agen()).__name__, isinstance(agen(), contextlib.AbstractAsyncContextManager))
    it = aiter(agen()); print(await anext(it), await anext(it))
    evens = [x async for x in agen() if x % 2 == 0]
    print(evens, {x: x * 2 async for x in agen()})
    async with contextlib.AsyncExitStack() as stack:
        a = await stack.enter_async_context(res("a"))
        stack.push_async_callback(asyncio.sleep, 0)
        stack.callback(print, "sync callback")
        print("in stack", a)
asyncio.run(main())
