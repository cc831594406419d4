import asyncio
async def work(name, delay, log):
    log.append(f"start {name}")
    await asyncio.sleep(delay)
    log.append(f"end {name}")
    return name.upper()
async def main():
    log = []
    results = await asyncio.gather(work("a", 0.03, log), work("b", 0.01, log), work("c", 0.02, log))
    print(results)
    print(sorted(log))  # sorted: under load, timers can fire in a different order
    t = asyncio.create_task(work("d", 0, log))
    print(await t, t.done())
    async def boom():
        raise ValueError("bad")
    print(await asyncio.gather(boom(), work("e", 0, log), return_exceptions=True))
print(asyncio.run(main()))
