try:
    import sqlite3
except ImportError as e:
    print("ImportError:", e.name)
else:
    con = sqlite3.connect(":memory:")
    con.execute("create table t (k text primary key, v integer)")
    con.executemany("insert into t values (?, ?)", [("a", 1), ("b", 2), ("c", 3)])
    print(con.execute("select k, v * 10 from t where v > 1 order by k").fetchall())
    print(con.execute("select count(*), sum(v) from t").fetchone())
