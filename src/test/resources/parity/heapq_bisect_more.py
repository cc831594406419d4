import heapq, bisect
print(list(heapq.merge([1, 4, 7], [2, 5], [3, 6, 9])), list(heapq.merge(["bb", "a"], ["ccc"], key=len)))
print(list(heapq.merge([7, 4, 1], [5, 2], reverse=True)))
data = [("b", 3), ("a", 1), ("c", 2), ("d", 3)]
print(heapq.nlargest(2, data, key=lambda t: t[1]), heapq.nsmallest(2, data, key=lambda t: t[1]), heapq.nlargest(10, [3, 1]), heapq.nsmallest(0, [1]))
h = [5, 1, 8, 3]; heapq.heapify(h); print(h, heapq.heappushpop(h, 0), h, heapq.heapreplace(h, 10), h)
print([heapq.heappop(h) for _ in range(len(h))])
try:
    heapq.heappop([])
except IndexError as e:
    print("IndexError:", e)
tasks = []; [heapq.heappush(tasks, (p, i, t)) for i, (p, t) in enumerate([(2, "write"), (1, "read"), (2, "exec"), (0, "boot")])]
print([heapq.heappop(tasks)[2] for _ in range(4)])
class Job:
    def __init__(self, p): self.p = p
    def __lt__(self, o): return self.p < o.p
jobs = [Job(3), Job(1), Job(2)]; heapq.heapify(jobs); print([heapq.heappop(jobs).p for _ in range(3)])
try:
    heapq.heapify([1, "a", 2])
except TypeError as e:
    print("TypeError:", e)
xs = [1, 2, 2, 2, 5, 8]
print(bisect.bisect_left(xs, 2), bisect.bisect_right(xs, 2), bisect.bisect(xs, 9), bisect.bisect_left(xs, 2, 2, 3), bisect.bisect_left(xs, 0))
recs = [("a", 1), ("b", 4), ("c", 9)]
print(bisect.bisect_left(recs, 4, key=lambda r: r[1]), bisect.bisect_right(recs, 5, key=lambda r: r[1]))
bisect.insort(recs, ("x", 5), key=lambda r: r[1]); bisect.insort_left(xs, 2); bisect.insort_right(xs, 3); print(recs, xs)
grades = "FDCBA"; print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in (33, 99, 77, 70, 89, 90, 100)])
try:
    bisect.bisect(xs, 1, lo=-1)
except ValueError as e:
    print("ValueError:", e)
