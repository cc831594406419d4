import asyncio, contextvars
request_id = contextvars.ContextVar("request_id", default=None)
async def handler(n):
    request_id.set(n)
    await asyncio.sleep(0)
    return request_id.get()
async def main():
    request_id.set("main")
    print(await asyncio.gather(*(handler(i) for i in range(3))), request_id.get())
    ctx = contextvars.copy_context()
    ctx.run(request_id.set, "in copied ctx")
    print(ctx[request_id], request_id.get())
    t = asyncio.create_task(handler("explicit"), context=ctx)
    print(await t, ctx[request_id])
    tok = request_id.set("temp"); request_id.reset(tok); print(request_id.get())
    try:
        request_id.reset(tok)
    except RuntimeError as e:
        print("RuntimeError")
    print(repr(tok.old_value), tok.var is request_id)
    v = contextvars.ContextVar("nodefault")
    try:
        v.get()
    except LookupError as e:
        print("LookupError")
    print(v.get("fallback"), v in contextvars.copy_context(), request_id in contextvars.copy_context())
asyncio.run(main())
