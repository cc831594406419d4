"""How much of a workflow's data stays out of the model's context: three everyday workflows over MCP stdio, each
with the bytes its run took in (files read, tool results, stdin), returned inline and spilled, as get_execution_stats'
`context` reports them, against what pasting the data itself would have cost. python3 runs the same computation on
the same files as the yardstick for the run's wall time.

Usage: python3 bench/context_workflows.py   (after: mvn -B -DskipTests package)
Tokens are estimated at 4 bytes per token, as the server labels them."""
import json
import os
import random
import subprocess
import tempfile
import time

from mcp_stdio import ROOT, Server
import yardstick

WORKSPACE = os.path.join(ROOT, "target", "bench-workspace")

CSV_PROFILE = """
import csv, statistics
rows = list(csv.DictReader(open('bench-sales.csv')))
amounts = [float(r['amount']) for r in rows]
regions = {}
for r in rows:
    regions[r['region']] = regions.get(r['region'], 0) + float(r['amount'])
print(len(rows), 'rows; amount mean', round(statistics.mean(amounts), 2), 'max', max(amounts))
for region, total in sorted(regions.items(), key=lambda kv: -kv[1]):
    print(region, round(total, 2))
"""

JSON_QUERY = """
import json
orders = json.load(open('bench-orders.json'))
late = [o for o in orders if o['status'] == 'late' and o['total'] > 900]
print(len(orders), 'orders;', len(late), 'late over 900')
print(json.dumps(sorted(late, key=lambda o: -o['total'])[:5]))
"""

LOG_GREP = """
import re
pattern = re.compile(r'ERROR .*timeout')
hits = [line for line in open('bench-app.log') if pattern.search(line)]
print(len(hits), 'timeouts')
print(''.join(hits))  # a careless print of every match: the inline budget keeps it to head and tail
"""


def make_files():
    os.makedirs(WORKSPACE, exist_ok=True)
    rnd = random.Random(7)
    with open(os.path.join(WORKSPACE, "bench-sales.csv"), "w") as f:
        f.write("id,region,amount\n")
        for i in range(40000):
            f.write(f"{i},{rnd.choice(['north', 'south', 'east', 'west'])},{rnd.uniform(1, 1000):.2f}\n")
    orders = [{"id": i, "status": rnd.choice(["ok", "late", "lost"]), "total": round(rnd.uniform(1, 1000), 2),
               "customer": f"c{rnd.randrange(5000)}"} for i in range(30000)]
    with open(os.path.join(WORKSPACE, "bench-orders.json"), "w") as f:
        json.dump(orders, f)
    with open(os.path.join(WORKSPACE, "bench-app.log"), "w") as f:
        for i in range(60000):
            level = rnd.choice(["INFO"] * 8 + ["WARN", "ERROR"])
            what = rnd.choice(["request served", "cache miss", "upstream timeout", "retrying"])
            f.write(f"2026-12-01T10:{i // 1000 % 60:02d}:{i % 60:02d} {level} worker-{i % 8} {what} id={i}\n")


def python3_ms(code):
    return yardstick.ms(code, cwd=WORKSPACE, check=True, stdout=subprocess.DEVNULL)


def main():
    print(yardstick.describe())
    make_files()
    # A long pool acquisition timeout: on a loaded machine H2's first open at start can take several seconds.
    # The figures are bytes: no ahead-of-time cache recording or warm-up rounds to wait for.
    server = Server("-Dsandbox.max-concurrent=1", "-Dquarkus.datasource.jdbc.acquisition-timeout=120s",
                    "-Dsandbox.worker.aot-cache=false", "-Dsandbox.worker.warmup-rounds=0")
    server.wait_until_warm(timeout_s=900)
    print(f"{'workflow':<22} {'data':>9} {'files in':>9} {'tools in':>8} {'inline':>7} {'spilled':>8} "
          f"{'~tok kept out':>13} {'~tok inline':>11} {'run ms':>7} {'python3 ms':>10}")
    for label, data_file, code in [("CSV profile", "bench-sales.csv", CSV_PROFILE),
                                   ("JSON query", "bench-orders.json", JSON_QUERY),
                                   ("log grep", "bench-app.log", LOG_GREP)]:
        server.call("execute_code", code=code)  # warm: the caller's interpreter has the imports
        before = server.call("get_execution_stats")["context"]["caller"]
        result = server.call("execute_code", code=code)
        after = server.call("get_execution_stats")["context"]["caller"]
        d = {k: after[k] - before[k] for k in after}
        data = os.path.getsize(os.path.join(WORKSPACE, data_file))
        print(f"{label:<22} {data:>9} {d['file_bytes']:>9} {d['tool_bytes']:>8} {d['inline_bytes']:>7} "
              f"{d['spilled_bytes']:>8} {d['estimated_tokens_kept_out']:>13} {d['estimated_tokens_inline']:>11} "
              f"{result['duration_ms']:>7} {python3_ms(code):>10.0f}")
    server.close()


if __name__ == "__main__":
    main()
