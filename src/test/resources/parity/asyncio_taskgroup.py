import asyncio
async def work(name, ev_wait, ev_set, log):
    await ev_wait.wait(); log.append(name); ev_set.set(); return name.upper()
async def fails(after):
    await after.wait(); raise ValueError("task failed")
async def main():
    log = []
    e1, e2, e3 = asyncio.Event(), asyncio.Event(), asyncio.Event()
    async with asyncio.TaskGroup() as tg:
        tb = tg.create_task(work("b", e1, e2, log))
        tc = tg.create_task(work("c", e2, e3, log))
        ta = tg.create_task(work("a", asyncio.Event(), e1, log)) if False else None
        e1.set()
    print(log, tb.result(), tc.result())
    try:
        async with asyncio.TaskGroup() as tg:
            ev = asyncio.Event()
            slow = tg.create_task(asyncio.sleep(100))
            tg.create_task(fails(ev))
            ev.set()
    except* ValueError as eg:
        print("ExceptionGroup:", [str(e) for e in eg.exceptions], slow.cancelled())
    try:
        async with asyncio.timeout(0.05):
            await asyncio.Event().wait()
    except TimeoutError as e:
        print("TimeoutError", type(e).__name__)
    try:
        await asyncio.wait_for(asyncio.Event().wait(), timeout=0.01)
    except asyncio.TimeoutError:
        print("wait_for timed out", asyncio.TimeoutError is TimeoutError)
    print(await asyncio.wait_for(asyncio.sleep(0, "fast"), timeout=5))
    sem = asyncio.Semaphore(2); active = []; peak = [0]
    async def limited(i):
        async with sem:
            active.append(i); peak[0] = max(peak[0], len(active))
            await asyncio.sleep(0); active.remove(i); return i
    print(await asyncio.gather(*(limited(i) for i in range(6))), peak[0], sem.locked())
    r = await asyncio.gather(asyncio.sleep(0, 1), fails(asyncio.Event()) if False else asyncio.sleep(0, 2), return_exceptions=True)
    print(r)
    async def boom(): raise KeyError("k")
    print(await asyncio.gather(boom(), asyncio.sleep(0, "ok"), return_exceptions=True))
    q = asyncio.Queue(maxsize=2)
    async def producer():
        for i in range(4): await q.put(i)
        await q.put(None)
    async def consumer():
        out = []
        while (v := await q.get()) is not None: out.append(v)
        return out
    print((await asyncio.gather(producer(), consumer()))[1])
    t = asyncio.create_task(asyncio.sleep(10)); await asyncio.sleep(0); t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        print("cancelled", t.cancelled(), t.done())
    done, pending = await asyncio.wait([asyncio.create_task(asyncio.sleep(0, x)) for x in "xy"])
    print(sorted(d.result() for d in done), pending)
    print(await asyncio.shield(asyncio.sleep(0, "shielded")))
    lock = asyncio.Lock()
    async with lock: print("locked", lock.locked())
    cond = asyncio.Condition(); ready = []
    async def waiter():
        async with cond:
            await cond.wait_for(lambda: ready); return ready[0]
    w = asyncio.create_task(waiter()); await asyncio.sleep(0)
    async with cond: ready.append("go"); cond.notify_all()
    print(await w)
asyncio.run(main())
