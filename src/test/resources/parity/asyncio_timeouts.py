import asyncio
async def slow():
    await asyncio.sleep(10)
async def main():
    try:
        await asyncio.wait_for(slow(), timeout=0.05)
    except TimeoutError as e:
        print("timed out", type(e).__name__)
    try:
        async with asyncio.timeout(0.05):
            await slow()
    except TimeoutError:
        print("timeout() context expired")
    print(await asyncio.wait_for(asyncio.sleep(0.01, result="fast"), timeout=5))
    t = asyncio.create_task(slow())
    await asyncio.sleep(0)
    t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        print("cancelled", t.cancelled())
    done, pending = await asyncio.wait([asyncio.create_task(asyncio.sleep(0.01, 1)), asyncio.create_task(slow())],
                                       timeout=0.1)
    print(len(done), len(pending))
    for p in pending:
        p.cancel()
    print(await asyncio.to_thread(sum, [1, 2, 3]))
asyncio.run(main())
