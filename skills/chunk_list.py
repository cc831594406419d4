"""Split a sequence or any iterable into fixed-size chunks, e.g. for batched tool calls."""
import itertools


def chunks(items, size):
    """Yield lists of `size` items (the last may be shorter) from any iterable."""
    if size < 1:
        raise ValueError("size must be at least 1")
    it = iter(items)
    while True:
        batch = list(itertools.islice(it, size))
        if not batch:
            return
        yield batch


def chunk_list(items, size):
    """All chunks as a list of lists."""
    return list(chunks(items, size))
