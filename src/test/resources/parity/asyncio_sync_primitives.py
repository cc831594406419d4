import asyncio
async def main():
    lock = asyncio.Lock()
    order = []
    async def critical(i):
        async with lock:
            order.append(("in", i)); await asyncio.sleep(0); order.append(("out", i))
    await asyncio.gather(*(critical(i) for i in range(3)))
    print(order)
    try:
        lock.release()
    except RuntimeError as e:
        print("RuntimeError:", e)
    bs = asyncio.BoundedSemaphore(1)
    await bs.acquire(); bs.release()
    try:
        bs.release()
    except ValueError as e:
        print("ValueError:", e)
    cond = asyncio.Condition()
    items = []
    async def consumer():
        async with cond:
            await cond.wait_for(lambda: len(items) == 2)
            return list(items)
    c = asyncio.create_task(consumer())
    for i in range(2):
        await asyncio.sleep(0)
        async with cond:
            items.append(i); cond.notify_all()
    print(await c)
    barrier = asyncio.Barrier(3)
    async def party(i):
        pos = await barrier.wait()
        return pos
    print(sorted(await asyncio.gather(*(party(i) for i in range(3)))), barrier.n_waiting, barrier.broken)
    b2 = asyncio.Barrier(2)
    async def lone():
        try:
            await b2.wait()
        except asyncio.BrokenBarrierError:
            return "broken"
    t = asyncio.create_task(lone()); await asyncio.sleep(0); await b2.abort()
    print(await t)
    ev = asyncio.Event()
    print(repr(ev).split(" ")[0], "[unset]" in repr(ev))
    print(repr(lock).endswith("[unlocked]>"), repr(asyncio.Semaphore(2)).endswith("[unlocked, value:2]>"))
asyncio.run(main())
