import asyncio
async def main():
    loop = asyncio.get_running_loop()
    order = []
    loop.call_soon(order.append, "soon1")
    h = loop.call_later(0.01, order.append, "later")
    loop.call_soon(order.append, "soon2")
    cancelled = loop.call_soon(order.append, "never"); cancelled.cancel()
    print(cancelled.cancelled(), h.cancelled(), type(h).__name__)
    await asyncio.sleep(0.05)
    print(order)
    t = asyncio.current_task()
    print(t.get_name(), len(asyncio.all_tasks()), t.get_coro().cr_code.co_name)
    t2 = asyncio.create_task(asyncio.sleep(0), name="named")
    print(t2.get_name()); t2.set_name("renamed"); print(t2.get_name()); await t2
    print(asyncio.iscoroutinefunction(main), asyncio.iscoroutine(main()) if False else None, asyncio.isfuture(t2))
    errors = []
    loop.set_exception_handler(lambda l, ctx: errors.append(ctx["message"]))
    loop.call_soon(lambda: 1 / 0)
    await asyncio.sleep(0)
    print(errors)
    loop.set_exception_handler(None)
    fut = loop.create_future()
    loop.call_soon(fut.set_result, 42)
    print(await fut, fut.done())
    print(loop.is_running(), loop.is_closed(), asyncio.get_event_loop() is loop)
    coros = [asyncio.sleep(0.03, "c"), asyncio.sleep(0.01, "a"), asyncio.sleep(0.02, "b")]
    print([await f for f in asyncio.as_completed(coros)])
    done, pending = await asyncio.wait([asyncio.create_task(asyncio.sleep(0.01, 1)), asyncio.create_task(asyncio.sleep(1, 2))], return_when=asyncio.FIRST_COMPLETED)
    print(len(done), len(pending)); [p.cancel() for p in pending]
    try:
        await asyncio.wait([])
    except ValueError as e:
        print("ValueError:", e)
try:
    asyncio.get_running_loop()
except RuntimeError as e:
    print("RuntimeError:", e)
asyncio.run(main())
async def nested():
    c = asyncio.sleep(0)
    try:
        asyncio.run(c)
    except RuntimeError as e:
        print("RuntimeError:", e)
        c.close()
asyncio.run(nested())
print(asyncio.run(asyncio.sleep(0, "result")))
try:
    asyncio.run(123)
except ValueError as e:
    print("ValueError:", e)
with asyncio.Runner() as runner:
    print(runner.run(asyncio.sleep(0, 1)), runner.run(asyncio.sleep(0, 2)))
