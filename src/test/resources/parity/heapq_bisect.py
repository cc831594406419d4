import bisect, heapq
scores = [10, 20, 20, 30, 40]
print(bisect.bisect_left(scores, 20), bisect.bisect_right(scores, 20), bisect.bisect(scores, 25))
grades = "FDCBA"
print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in [33, 99, 77, 70, 89, 90, 100]])
recs = [("a", 1), ("b", 5), ("c", 9)]
print(bisect.bisect_left(recs, 5, key=lambda r: r[1]))
bisect.insort(scores, 25); bisect.insort_left(scores, 20)
print(scores)
ins = []
for r in [("x", 3), ("y", 1), ("z", 2)]:
    bisect.insort(ins, r, key=lambda r: r[1])
print(ins)
h = [5, 1, 8, 3, 9, 2]
heapq.heapify(h); print(h)
heapq.heappush(h, 0); print(heapq.heappop(h), heapq.heappushpop(h, 7), heapq.heapreplace(h, 4), h)
print(heapq.nlargest(3, [4, 1, 7, 3, 8, 5]), heapq.nsmallest(2, [4, 1, 7, 3, 8, 5]))
people = [{"n": "ann", "age": 31}, {"n": "bob", "age": 25}, {"n": "cy", "age": 31}, {"n": "di", "age": 40}]
print(heapq.nlargest(2, people, key=lambda p: p["age"]))
print(heapq.nsmallest(3, people, key=lambda p: (p["age"], p["n"])))
print(list(heapq.merge([1, 4, 9], [2, 3, 10], [5])))
print(list(heapq.merge(["apple", "fig"], ["kiwi", "banana"], key=len)))
print(list(heapq.merge([9, 4, 1], [8, 2], reverse=True)))
tasks = []
for pri, name in [(3, "low"), (1, "urgent"), (2, "mid"), (1, "also urgent")]:
    heapq.heappush(tasks, (pri, name))
print([heapq.heappop(tasks) for _ in range(len(tasks))])
