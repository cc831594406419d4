import asyncio
async def ticker(n):
    try:
        for i in range(n):
            yield i
            await asyncio.sleep(0)
    finally:
        print("ticker cleanup")
async def main():
    print([i async for i in ticker(3)])
    agen = ticker(10)
    print(await agen.__anext__(), await anext(agen))
    await agen.aclose()
    try:
        await anext(agen)
    except StopAsyncIteration:
        print("exhausted after aclose")
    async def echo():
        v = None
        while True:
            v = yield v
    e = echo(); await e.asend(None); print(await e.asend("ping"))
    try:
        await e.athrow(ValueError("thrown"))
    except ValueError as ex:
        print("athrow raised", ex)
    squares = [x * x async for x in ticker(4) if x % 2 == 0]
    print(squares)
    async def gen_with_return():
        yield 1
    g = gen_with_return()
    print(type(g).__name__, hasattr(g, "ag_frame"))
    class AIter:
        def __init__(self): self.i = 0
        def __aiter__(self): return self
        async def __anext__(self):
            self.i += 1
            if self.i > 3: raise StopAsyncIteration
            return self.i
    print([x async for x in AIter()])
    class ACM:
        async def __aenter__(self): print("aenter"); return "res"
        async def __aexit__(self, *a): print("aexit", a[0]); return False
    async with ACM() as r: print("using", r)
    import contextlib
    @contextlib.asynccontextmanager
    async def acm():
        print("setup"); yield 42; print("teardown")
    async with acm() as v: print("got", v)
    async with contextlib.AsyncExitStack() as st:
        print(await st.enter_async_context(acm()))
        st.push_async_callback(asyncio.sleep, 0)
asyncio.run(main())
