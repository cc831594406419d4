import asyncio
async def main():
    q = asyncio.Queue(maxsize=2)
    q.put_nowait(1); q.put_nowait(2)
    try:
        q.put_nowait(3)
    except asyncio.QueueFull:
        print("QueueFull", q.full(), q.qsize())
    print(q.get_nowait(), q.get_nowait())
    try:
        q.get_nowait()
    except asyncio.QueueEmpty:
        print("QueueEmpty", q.empty())
    pq = asyncio.PriorityQueue()
    for item in [(2, "b"), (0, "z"), (1, "a")]:
        await pq.put(item)
    print([await pq.get() for _ in range(3)])
    lq = asyncio.LifoQueue()
    for i in range(3): lq.put_nowait(i)
    print([lq.get_nowait() for _ in range(3)])
    work = asyncio.Queue()
    done = []
    async def worker(name):
        while True:
            item = await work.get()
            done.append((name, item)) if False else done.append(item)
            work.task_done()
    workers = [asyncio.create_task(worker(f"w{i}")) for i in range(3)]
    for i in range(9): work.put_nowait(i)
    await work.join()
    for w in workers: w.cancel()
    res = await asyncio.gather(*workers, return_exceptions=True)
    print(sorted(done), [type(r).__name__ for r in res])
    try:
        work.task_done()
    except ValueError as e:
        print("ValueError:", e)
    print(repr(asyncio.Queue(3)).split(" at ")[0] if " at " in repr(asyncio.Queue(3)) else repr(asyncio.Queue(3)))
    try:
        await asyncio.wait_for(asyncio.Queue().get(), 0.01)
    except TimeoutError:
        print("get timed out")
asyncio.run(main())
