"""Call a function again after failures, waiting longer each time (exponential backoff)."""
import time


def retry(fn, attempts=3, base_delay=0.5, factor=2.0, max_delay=30.0, retry_on=(Exception,), sleep=time.sleep):
    """Return fn()'s result, retrying up to `attempts` calls in all; re-raise the last error.

    Waits base_delay, base_delay*factor, ... (capped at max_delay) between calls. Only exceptions
    that are instances of `retry_on` are retried; others propagate at once.
    """
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    delay = base_delay
    for attempt in range(1, attempts + 1):
        try:
            return fn()
        except retry_on:
            if attempt == attempts:
                raise
            sleep(min(delay, max_delay))
            delay *= factor


def retrying(**options):
    """Decorator form: @retrying(attempts=5) def call(): ..."""
    def wrap(fn):
        def wrapper(*args, **kwargs):
            return retry(lambda: fn(*args, **kwargs), **options)
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__doc__ = getattr(fn, "__doc__", None)
        return wrapper
    return wrap
