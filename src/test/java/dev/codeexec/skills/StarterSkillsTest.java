package dev.codeexec.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.codeexec.mcp.McpCalls;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each starter skill under skills/ run in the sandbox through execute_code: its code inlined, then a
 * call whose printed result is checked. (Importing it with `from skills import x` is SkillsBridgeTest's job.)
 */
@QuarkusTest
class StarterSkillsTest {

    McpCalls mcp;

    @BeforeAll
    static void patientClient() {
        // The MCP test client waits 10 s by default (Awaitility); a save includes a sandbox run, which a
        // loaded 2-core machine can take longer than that to schedule.
        Awaitility.setDefaultTimeout(Duration.ofMinutes(2));
    }

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    String run(String skill, String call) throws IOException {
        String code = Files.readString(Path.of("skills", skill + ".py")) + "\n" + call;
        McpCalls.Exec r = mcp.exec(code);
        assertEquals(0, r.exitCode(), () -> skill + " failed: " + r.stderr());
        return r.stdout();
    }

    @Test
    void csvRecordsConvertsTypes() throws IOException {
        assertEquals("[{'id': 1, 'name': 'Ann', 'score': 9.5, 'ok': True, 'note': None}, "
                + "{'id': 2, 'name': 'Bob', 'score': 7, 'ok': False, 'note': 'hi'}]\n",
                run("csv_records", "print(parse_csv('id,name,score,ok,note\\n1,Ann,9.5,true,\\n2,Bob,7,false,hi\\n'))"));
        assertEquals("[{'a': '01', 'b': 'x'}]\n", run("csv_records", """
                with open('starter_test.csv', 'w') as f:
                    f.write('a;b\\n01;x\\n')
                print(load_csv('starter_test.csv', delimiter=';', types=False))
                """));
    }

    @Test
    void paginateTextBreaksAtLines() throws IOException {
        assertEquals("2 5 'line 2\\nline 3\\n' True\n['xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx']\n", run("paginate_text", """
                t = "\\n".join("line %d" % i for i in range(10))
                r = page(t, 2, 20)
                print(r["page"], r["pages"], repr(r["text"]), r["has_more"])
                print(pages("x" * 25, 10))
                """));
    }

    @Test
    void retryBackoffRetriesWithGrowingWaitsThenGivesUp() throws IOException {
        assertEquals("ok 3 [0.1, 0.2]\ngave up after 2\n", run("retry_backoff", """
                calls, waits = [], []
                def flaky():
                    calls.append(1)
                    if len(calls) < 3:
                        raise IOError("down")
                    return "ok"
                print(retry(flaky, attempts=3, base_delay=0.1, sleep=waits.append), len(calls), waits)
                tries = []
                try:
                    retry(lambda: tries.append(1) or 1 / 0, attempts=2, sleep=lambda s: None)
                except ZeroDivisionError:
                    print("gave up after", len(tries))
                """));
    }

    @Test
    void jsonShapeDescribesStructureNotData() throws IOException {
        assertEquals("{'users': [{'id': 'number', 'name': 'string', 'tags': 'array(empty)'}, 'x2'], "
                + "'next': 'null', 'ok': 'boolean'}\n", run("json_shape", """
                print(shape({"users": [{"id": 1, "name": "a", "tags": []}, {"id": 2}], "next": None, "ok": True}))
                """));
    }

    @Test
    void flattenDictRoundTrips() throws IOException {
        assertEquals("{'a.b': 1, 'a.c.0': 2, 'a.c.1': 3, 'd': 'x'}\n{'a': {'b': 1, 'c': 2}}\n", run("flatten_dict", """
                print(flatten({"a": {"b": 1, "c": [2, 3]}, "d": "x"}))
                print(unflatten({"a.b": 1, "a.c": 2}))
                """));
    }

    @Test
    void chunkListSplitsIntoFixedSizes() throws IOException {
        assertEquals("[[0, 1, 2], [3, 4, 5], [6]]\n[]\n", run("chunk_list", """
                print(chunk_list(range(7), 3))
                print(chunk_list([], 3))
                """));
    }

    @Test
    void tableMarkdownEscapesCells() throws IOException {
        assertEquals("| n | v | w |\n| --- | --- | --- |\n| a\\|b | 1 |  |\n| c |  |  |\n", run("table_markdown", """
                print(to_markdown([{"n": "a|b", "v": 1}, {"n": "c", "w": None}]))
                """));
    }

    @Test
    void safePathRefusesEscapes() throws IOException {
        assertEquals("True False False\n", run("safe_path", """
                import os
                print(safe_join(".", "data", "x.csv") == os.path.realpath("data/x.csv"),
                      is_inside(".", "../outside"), is_inside(".", "/tmp"))
                """));
    }

    @Test
    void dedupeRecordsKeepsFirstOrLast() throws IOException {
        assertEquals("[{'id': 1, 'v': 'a'}, {'id': 2, 'v': 'b'}] [{'id': 1, 'v': 'c'}, {'id': 2, 'v': 'b'}] {1: 2}\n",
                run("dedupe_records", """
                rs = [{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 1, "v": "c"}]
                print(dedupe(rs, "id"), dedupe(rs, "id", keep="last"), duplicates(rs, "id"))
                """));
    }

    @Test
    void groupByAggregates() throws IOException {
        assertEquals("{'x': {'count': 2, 'sum': 4, 'min': 1, 'max': 3, 'avg': 2.0}, "
                + "'y': {'count': 1, 'sum': 4, 'min': 4, 'max': 4, 'avg': 4.0}}\n", run("group_by", """
                print(group_by([{"k": "x", "v": 1}, {"k": "y", "v": 4}, {"k": "x", "v": 3}], "k", "v"))
                """));
    }
}
