import asyncio
async def ok(n, d=0):
    await asyncio.sleep(d); return n
async def bad(msg, d=0):
    await asyncio.sleep(d); raise ValueError(msg)
async def main():
    r = await asyncio.gather(ok(1), bad("x"), ok(3), return_exceptions=True)
    print([repr(v) for v in r])
    slow = asyncio.ensure_future(ok("slow", 0.05))
    try:
        await asyncio.gather(bad("first"), slow)
    except ValueError as e:
        print("gather raised", e, "slow cancelled?", slow.cancelled())
    print("slow still finishes:", await slow)
    t = asyncio.create_task(ok(5, 1))
    g = asyncio.gather(t, ok(6), return_exceptions=True)
    await asyncio.sleep(0); t.cancel()
    print([type(x).__name__ for x in await g])
    g2 = asyncio.gather(ok(1, 1), ok(2, 1))
    await asyncio.sleep(0); g2.cancel()
    try:
        await g2
    except asyncio.CancelledError:
        print("outer gather cancelled", g2.cancelled())
    print(await asyncio.gather())
    r = await asyncio.gather(*[ok(i) for i in range(5)])
    print(r)
    try:
        await asyncio.gather(bad("a"), bad("b"))
    except ValueError as e:
        print("first error wins:", e)
    fut = asyncio.get_running_loop().create_future()
    fut.set_exception(KeyError("k"))
    print(await asyncio.gather(fut, return_exceptions=True))
asyncio.run(main())
