import asyncio
async def numbers():
    try:
        for i in range(10):
            yield i
            await asyncio.sleep(0)
    finally:
        print("numbers finalized")
async def main():
    async for n in numbers():
        if n == 2:
            break
    print("loop broke at", n)
    g = numbers()
    await anext(g)
    print("left suspended")
asyncio.run(main())
print("after run")
