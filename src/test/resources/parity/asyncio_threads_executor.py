import asyncio, concurrent.futures as cf, contextvars, functools, threading
var = contextvars.ContextVar("var", default="unset")
def blocking(x, *, scale=1):
    return (x * scale, var.get(), threading.current_thread() is threading.main_thread())
async def main():
    var.set("in-task")
    print(await asyncio.to_thread(blocking, 3, scale=2))
    loop = asyncio.get_running_loop()
    print(await loop.run_in_executor(None, blocking, 4))
    print(await loop.run_in_executor(None, functools.partial(blocking, 5, scale=3)))
    with cf.ThreadPoolExecutor(2) as pool:
        r = await asyncio.gather(*(loop.run_in_executor(pool, pow, 2, i) for i in range(5)))
    print(r)
    def boom():
        raise LookupError("from thread")
    try:
        await asyncio.to_thread(boom)
    except LookupError as e:
        print("LookupError:", e)
    fut = cf.Future()
    wrapped = asyncio.wrap_future(fut)
    threading.Thread(target=fut.set_result, args=("from cf future",)).start()
    print(await wrapped)
    def call_back_into_loop():
        return asyncio.run_coroutine_threadsafe(asyncio.sleep(0, "threadsafe"), loop).result(5)
    print(await asyncio.to_thread(call_back_into_loop))
    ev = asyncio.Event()
    loop.call_soon_threadsafe(ev.set)
    await ev.wait(); print("call_soon_threadsafe set the event")
asyncio.run(main())
