# multiprocessing's thread pools, as scripts use them to fan work out.
from multiprocessing.dummy import Pool
from multiprocessing.pool import ThreadPool


def square(n):
    return n * n


with Pool(3) as pool:
    print(pool.map(square, range(10)))
    print(sorted(pool.imap_unordered(square, [4, 2, 3])))
    print(pool.apply_async(square, (7,)).get(timeout=10))
    print(pool.starmap(pow, [(2, 3), (3, 2)]))

pool = ThreadPool(2)
print(sum(pool.imap(square, range(100), chunksize=7)))
pool.close()
pool.join()
print("joined")
