import asyncio
async def fail(kind, msg, d=0):
    await asyncio.sleep(d); raise kind(msg)
async def slow(log):
    try:
        await asyncio.sleep(10)
    except asyncio.CancelledError:
        log.append("slow cancelled"); raise
async def main():
    log = []
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(fail(ValueError, "v1"))
            tg.create_task(fail(TypeError, "t1"))
            tg.create_task(slow(log))
    except ExceptionGroup as eg:
        print(repr(eg.message), len(eg.exceptions), sorted(type(e).__name__ for e in eg.exceptions))
        print(str(eg))
    print(log)
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(fail(KeyError, "k"))
            raise RuntimeError("body failed")
    except* RuntimeError as eg:
        print("body:", [str(e) for e in eg.exceptions])
    except* KeyError as eg:
        print("child:", [repr(e) for e in eg.exceptions])
    async with asyncio.TaskGroup() as tg:
        ts = [tg.create_task(asyncio.sleep(0, i), name=f"job-{i}") for i in range(3)]
    print([t.result() for t in ts], [t.get_name() for t in ts])
    tg = asyncio.TaskGroup()
    c = asyncio.sleep(0)
    try:
        tg.create_task(c)
    except RuntimeError as e:
        print("RuntimeError:", e)
        c.close()
    try:
        async with asyncio.TaskGroup() as tg:
            async def inner():
                async with asyncio.TaskGroup() as tg2:
                    tg2.create_task(fail(OSError, "deep"))
            tg.create_task(inner())
    except* OSError as eg:
        print("nested:", eg.exceptions[0].__class__.__name__, [type(e).__name__ for e in eg.exceptions[0].exceptions])
asyncio.run(main())
