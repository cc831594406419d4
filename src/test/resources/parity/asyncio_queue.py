import asyncio
async def producer(q, n):
    for i in range(n):
        await q.put(i)
        await asyncio.sleep(0)
    await q.put(None)
async def consumer(q, out):
    while (item := await q.get()) is not None:
        out.append(item * item)
        q.task_done()
    q.task_done()
async def main():
    q = asyncio.Queue(maxsize=3)
    out = []
    await asyncio.gather(producer(q, 10), consumer(q, out))
    await q.join()
    print(out, q.empty())
    sem = asyncio.Semaphore(2)
    active, peak = 0, 0
    async def limited(i):
        nonlocal active, peak
        async with sem:
            active += 1
            peak = max(peak, active)
            await asyncio.sleep(0.01)
            active -= 1
            return i
    print(await asyncio.gather(*(limited(i) for i in range(6))), peak)
    ev = asyncio.Event()
    asyncio.get_running_loop().call_later(0.01, ev.set)
    await ev.wait()
    print("event set", ev.is_set())
asyncio.run(main())
