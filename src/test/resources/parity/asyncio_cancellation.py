import asyncio
async def child(log):
    try:
        await asyncio.sleep(10)
    except asyncio.CancelledError as e:
        log.append(("child cancelled", e.args)); raise
async def main():
    log = []
    t = asyncio.create_task(child(log))
    await asyncio.sleep(0)
    print(t.cancel("stop now"), t.cancelling())
    try:
        await t
    except asyncio.CancelledError as e:
        print("awaited:", e.args, t.cancelled())
    print(log)
    print("cancel done task:", t.cancel())
    inner = asyncio.create_task(asyncio.sleep(0.02, "shielded result"))
    outer = asyncio.ensure_future(asyncio.shield(inner))
    await asyncio.sleep(0); outer.cancel()
    try:
        await outer
    except asyncio.CancelledError:
        print("outer cancelled; inner:", await inner)
    async def swallow():
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            asyncio.current_task().uncancel()
            return "swallowed"
    s = asyncio.create_task(swallow()); await asyncio.sleep(0); s.cancel()
    print(await s, s.cancelled(), s.cancelling())
    t2 = asyncio.create_task(asyncio.sleep(10))
    await asyncio.sleep(0); t2.cancel()
    try:
        t2.result()
    except asyncio.InvalidStateError as e:
        print("InvalidStateError")
    await asyncio.sleep(0)
    try:
        t2.result()
    except asyncio.CancelledError as e:
        print("result of cancelled:", type(e).__name__)
    try:
        t2.exception()
    except asyncio.CancelledError:
        print("exception() of cancelled raises")
    print(issubclass(asyncio.CancelledError, BaseException), issubclass(asyncio.CancelledError, Exception))
asyncio.run(main())
