import asyncio
async def main():
    loop = asyncio.get_running_loop()
    async with asyncio.timeout(None) as cm:
        print("no deadline", cm.when(), cm.expired())
        cm.reschedule(loop.time() + 5)
        print("rescheduled", cm.when() is not None)
    try:
        async with asyncio.timeout(10) as cm:
            cm.reschedule(loop.time() + 0.01)
            await asyncio.sleep(5)
    except TimeoutError:
        print("expired after reschedule", cm.expired())
    try:
        async with asyncio.timeout_at(loop.time() - 1):
            await asyncio.sleep(0)
    except TimeoutError as e:
        print("timeout_at in the past", repr(e), type(e.__cause__).__name__ if e.__cause__ else None, type(e.__context__).__name__)
    print(await asyncio.wait_for(asyncio.sleep(0, "none timeout"), None))
    try:
        await asyncio.wait_for(asyncio.sleep(1), 0)
    except TimeoutError:
        print("wait_for 0 timed out")
    async def cleanup():
        try:
            await asyncio.sleep(5)
        finally:
            print("finally ran in wait_for'd coroutine")
    try:
        await asyncio.wait_for(cleanup(), 0.01)
    except asyncio.TimeoutError:
        print("timed out")
    r = asyncio.timeout(1)
    print(repr(r).split(" ")[0], "when" in repr(r) or "state" in repr(r))
asyncio.run(main())
