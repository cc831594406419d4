package dev.codeexec.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import dev.codeexec.InvalidInputException.Kind;
import dev.codeexec.bridge.BridgeCaller;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The store against the real database and sandbox: versions, races, refusals, starter import, bridge. */
@QuarkusTest
class SkillStoreTest {

    static final String LOCAL = dev.codeexec.tenant.Tenants.LOCAL;

    @Inject
    SkillStore store;
    @Inject
    StarterImporter importer;
    @Inject
    SkillsBridge bridge;
    @Inject
    SkillExporter exporter;

    /** The datasource the profile selects, as the health check names it. */
    String activeDatasource() {
        return "<default>";
    }

    static String unique(String prefix) {
        return prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    static SkillDraft draft(String name, String code) {
        return new SkillDraft(name, "Adds two numbers together.", code, List.of("math"), Map.of("a", "first"), "t");
    }

    @Test
    void savingAgainAddsAVersionAndKeepsTheOld() {
        String name = unique("adder");
        SavedSkill v1 = store.save(LOCAL, draft(name, "def add(a, b):\n    return a + b\n"));
        SavedSkill v2 = store.save(LOCAL, draft(name, "def add(a, b):\n    return b + a\n"));
        assertEquals(1, v1.version());
        assertEquals(2, v2.version());
        assertNotEquals(v1.sha256(), v2.sha256());
        Skill newest = store.load(LOCAL, name, null);
        assertEquals(2, newest.version());
        assertEquals(2, newest.newestVersion());
        assertTrue(newest.code().contains("b + a"));
        Skill old = store.load(LOCAL, name, 1);
        assertEquals("def add(a, b):\n    return a + b\n", old.code());
        assertEquals(v1.sha256(), old.sha256());
        assertEquals(v1.createdAt(), old.createdAt());
        assertEquals(Map.of("a", "first"), old.parameters());
        assertEquals("t", old.savedBy());
        assertEquals(Kind.NOT_FOUND,
                assertThrows(InvalidInputException.class, () -> store.load(LOCAL, name, 3)).kind());
    }

    /** An agent that retries a save gets the version it made, not a copy; a changed description is a version. */
    @Test
    void savingWhatTheNewestVersionHoldsAddsNoVersion() {
        String name = unique("again");
        SavedSkill v1 = store.save(LOCAL, draft(name, "X = 1\n"));
        SavedSkill again = store.save(LOCAL, draft(name, "X = 1\n"));
        assertEquals(v1, again);
        assertEquals(1, store.load(LOCAL, name, null).newestVersion());
        SkillDraft described = draft(name, "X = 1\n");
        SavedSkill v2 = store.save(LOCAL, new SkillDraft(name, "Adds two numbers, described anew.", described.code(),
                described.tags(), described.parameters(), described.savedBy()));
        assertEquals(2, v2.version());
        assertEquals(3, store.save(LOCAL, draft(name, "X = 1\n")).version(), "version 1's content again is new");
    }

    /** A name is listed once, as its newest version says: version, description and tags. */
    @Test
    void listingShowsEachNameOnceAtItsNewestVersion() {
        String name = unique("listed");
        store.save(LOCAL, new SkillDraft(name, "Adds two numbers, first version.", "X = 1\n", List.of("old"), Map.of(),
                "t"));
        store.save(LOCAL, new SkillDraft(name, "Adds two numbers, second version.", "X = 2\n", List.of("new"),
                Map.of(), "t"));
        store.save(LOCAL, new SkillDraft(name, "Adds two numbers, third version.", "X = 3\n", List.of("new"),
                Map.of(), "t"));
        List<SkillSummary> listed = store.list(LOCAL, new SkillQuery(name, null, 50, 0)).skills().stream()
                .filter(s -> s.name().equals(name)).toList();
        assertEquals(1, listed.size(), listed.toString());
        assertEquals(3, listed.get(0).newestVersion());
        assertEquals("Adds two numbers, third version.", listed.get(0).description());
        assertEquals(List.of("new"), listed.get(0).tags());
    }

    @Test
    void concurrentSavesOfOneNameGetDistinctVersionsNoneLost() throws Exception {
        String name = unique("raced");
        // Each saver is a caller of its own whose check builds an interpreter, so few; the next test races ten
        // inserts straight at the database.
        int savers = 4;
        ExecutorService pool = Executors.newFixedThreadPool(savers);
        List<Future<SavedSkill>> futures = new ArrayList<>();
        for (int i = 0; i < savers; i++) {
            String code = "VALUE = " + i + "\n";
            futures.add(pool.submit(() -> store.save(LOCAL, new SkillDraft(name, "Holds one racing value.", code, null,
                    null, "session-" + code.hashCode()))));
        }
        List<Integer> versions = new ArrayList<>();
        List<String> hashes = new ArrayList<>();
        for (Future<SavedSkill> f : futures) {
            versions.add(f.get().version());
            hashes.add(f.get().sha256());
        }
        pool.shutdown();
        assertEquals(List.of(1, 2, 3, 4), versions.stream().sorted().toList());
        List<String> stored = store.versions(LOCAL, name).stream().map(SkillStore.StoredVersion::sha256).sorted().toList();
        assertEquals(hashes.stream().sorted().toList(), stored);
    }

    /** Without the sandbox check in between, all ten inserts hit the database at once and must retry. */
    @Test
    void simultaneousInsertsOfOneNameRetryUntilEachHasItsOwnVersion() throws Exception {
        String name = unique("simultaneous");
        int savers = 10;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(savers);
        List<Future<SavedSkill>> futures = new ArrayList<>();
        for (int i = 0; i < savers; i++) {
            ValidSkill valid = store.validate(new SkillDraft(name, "Holds one racing value.", "V = " + i, null, null,
                    "s" + i));
            futures.add(pool.submit(() -> {
                start.await();
                return store.store(LOCAL, valid);
            }));
        }
        start.countDown();
        List<Integer> versions = new ArrayList<>();
        for (Future<SavedSkill> f : futures) {
            versions.add(f.get().version());
        }
        pool.shutdown();
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), versions.stream().sorted().toList());
        assertEquals(savers, store.versions(LOCAL, name).stream().map(SkillStore.StoredVersion::sha256).distinct().count());
    }

    /**
     * Two savers, as two servers sharing one database would, store one name back to back many times: every save
     * gets its own version, numbered without gaps, and every code they stored is there.
     */
    @Test
    void twoSaversStoringOneNameManyTimesLoseNothing() throws Exception {
        String name = unique("two_savers");
        int savesEach = 25;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<List<SavedSkill>>> savers = new ArrayList<>();
        for (String saver : List.of("a", "b")) {
            savers.add(pool.submit(() -> {
                start.await();
                List<SavedSkill> saved = new ArrayList<>();
                for (int i = 0; i < savesEach; i++) {
                    saved.add(store.store(LOCAL, store.validate(new SkillDraft(name, "Holds one racing value.",
                            "V = '" + saver + i + "'", null, null, saver))));
                }
                return saved;
            }));
        }
        start.countDown();
        List<Integer> versions = new ArrayList<>();
        List<String> hashes = new ArrayList<>();
        for (Future<List<SavedSkill>> f : savers) {
            for (SavedSkill s : f.get()) {
                versions.add(s.version());
                hashes.add(s.sha256());
            }
        }
        pool.shutdown();
        assertEquals(java.util.stream.IntStream.rangeClosed(1, 2 * savesEach).boxed().toList(),
                versions.stream().sorted().toList());
        assertEquals(hashes.stream().sorted().toList(),
                store.versions(LOCAL, name).stream().map(SkillStore.StoredVersion::sha256).sorted().toList());
    }

    @Test
    void healthReportsTheActiveDatabaseOnly() {
        // Readiness may still be DOWN for the sandbox warming up; only the database check matters here.
        Map<String, String> databases = io.restassured.RestAssured.given().get("/q/health/ready").then()
                .extract().jsonPath().getMap("checks.find { it.name == 'Database connections health check' }.data");
        assertEquals(Map.of(activeDatasource(), "UP"), databases);
    }

    @Test
    void syntaxErrorNamesTheLineAndWritesNothing() {
        String name = unique("broken");
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> store.save(LOCAL, draft(name, "x = 1\ndef f(:\n    pass\n")));
        assertEquals("code", e.field());
        assertTrue(e.getMessage().startsWith("code: syntax error at line 2: "), e.getMessage());
        assertTrue(store.versions(LOCAL, name).isEmpty());
    }

    @Test
    void badInputWritesNothing() {
        String name = unique("bad");
        List<String> before = store.names(LOCAL);
        List<SkillDraft> drafts = List.of(
                new SkillDraft("1" + name, "Adds two numbers together.", "x = 1", null, null, "t"),
                new SkillDraft(name, "Too short", "x = 1", null, null, "t"),
                new SkillDraft(name, "", "x = 1", null, null, "t"),
                new SkillDraft(name, "Adds two numbers together.", "", null, null, "t"),
                new SkillDraft(name, "Adds two numbers together.", "#" + "x".repeat(256 * 1024), null, null, "t"),
                new SkillDraft(name, "Adds two numbers together.", "x = 1", List.of("bad tag"), null, "t"),
                new SkillDraft(name, "Adds two numbers together.", "x = (", null, null, "t"),
                new SkillDraft(name, "Adds two numbers together.", "x = 1",
                        null, Map.of("p", "y".repeat(20_000)), "t"));
        for (SkillDraft d : drafts) {
            assertThrows(InvalidInputException.class, () -> store.save(LOCAL, d), d.toString().substring(0, 60));
        }
        assertEquals(before, store.names(LOCAL));
    }

    @Test
    void unknownNameSuggestsCloseNames() {
        String name = unique("suggested");
        store.save(LOCAL, draft(name, "X = 1\n"));
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> store.load(LOCAL, name.substring(0, name.length() - 1) + "q", null));
        assertEquals(Kind.NOT_FOUND, e.kind());
        assertTrue(e.getMessage().contains("did you mean") && e.getMessage().contains(name), e.getMessage());
        InvalidInputException none = assertThrows(InvalidInputException.class, () -> store.load(LOCAL, "zz_no_such_zz", null));
        assertTrue(none.getMessage().contains("list_skills"), none.getMessage());
    }

    @Test
    void listFiltersByTagRanksByQueryAndPages() {
        String tag = unique("tag").toLowerCase();
        String first = unique("alpha");
        String second = unique("beta");
        store.save(LOCAL, new SkillDraft(first, "Parses zebra files into records.", "X = 1", List.of(tag), null, "t"));
        store.save(LOCAL, new SkillDraft(second, "Writes reports about animals.", "X = 2", List.of(tag, "zebra"), null,
                "t"));
        SkillPage byTag = store.list(LOCAL, new SkillQuery(null, tag, null, null));
        assertEquals(List.of(second, first), byTag.skills().stream().map(SkillSummary::name).toList());
        assertEquals(2, byTag.total());
        SkillPage ranked = store.list(LOCAL, new SkillQuery("zebra", tag, null, null));
        assertEquals(List.of(second, first), ranked.skills().stream().map(SkillSummary::name).toList());
        SkillPage animals = store.list(LOCAL, new SkillQuery("animals reports", tag, null, null));
        assertEquals(List.of(second), animals.skills().stream().map(SkillSummary::name).toList());
        SkillPage paged = store.list(LOCAL, new SkillQuery(null, tag, 1, 1));
        assertEquals(List.of(first), paged.skills().stream().map(SkillSummary::name).toList());
        assertEquals(2, paged.total());
        SkillSummary entry = byTag.skills().get(0);
        assertEquals(1, entry.newestVersion());
        assertEquals(List.of(tag, "zebra"), entry.tags());
    }

    @Test
    void deleteRemovesEveryVersion() {
        String name = unique("doomed");
        store.save(LOCAL, draft(name, "X = 1"));
        store.save(LOCAL, draft(name, "X = 2"));
        assertEquals(new DeletedSkill(name, 2), store.delete(LOCAL, name));
        assertTrue(store.versions(LOCAL, name).isEmpty());
        assertEquals(Kind.NOT_FOUND, assertThrows(InvalidInputException.class, () -> store.delete(LOCAL, name)).kind());
        // Saved again, the name goes on from its last version: version 1 never names another code.
        assertEquals(3, store.save(LOCAL, draft(name, "X = 3")).version());
        assertEquals(Kind.NOT_FOUND, assertThrows(InvalidInputException.class, () -> store.load(LOCAL, name, 1)).kind());
        store.delete(LOCAL, name);
        assertEquals(4, store.save(LOCAL, draft(name, "X = 4")).version());
    }

    @Test
    void tenantsSeeTheirOwnSkillsAndStartersButNeverEachOthers() {
        String name = unique("tenant_only");
        store.save("acme", draft(name, "X = 'acme'\n"));
        store.save("globex", draft(name, "X = 'globex'\n"));
        assertEquals("X = 'acme'\n", store.load("acme", name, null).code());
        assertEquals(1, store.load("globex", name, null).version(), "each tenant numbers its own versions");
        assertEquals(Kind.NOT_FOUND, assertThrows(InvalidInputException.class, () -> store.load(LOCAL, name, null)).kind());
        // Searched by name: a plain listing's newest 100 entries may all be other tests' skills of this tenant.
        assertTrue(store.list("acme", new SkillQuery("csv_records", null, 100, 0)).skills().stream()
                .anyMatch(s -> s.name().equals("csv_records")), "starter skills are visible to every tenant");
        assertFalse(store.list(LOCAL, new SkillQuery(null, null, 100, 0)).skills().stream()
                .anyMatch(s -> s.name().equals(name)), "another tenant's skill is not listed");

        InvalidInputException readOnly = assertThrows(InvalidInputException.class,
                () -> store.save("acme", draft("csv_records", "X = 'hijack'\n")));
        assertEquals(Kind.FORBIDDEN, readOnly.kind());
        assertTrue(readOnly.getMessage().contains("'csv_records' is a starter skill, read-only to tenants"),
                readOnly.getMessage());
        assertEquals(Kind.FORBIDDEN, assertThrows(InvalidInputException.class,
                () -> store.delete("acme", "csv_records")).kind());
        assertEquals(StarterImporter.SAVED_BY, store.load("globex", "csv_records", null).savedBy());
        assertEquals(new DeletedSkill(name, 1), store.delete("globex", name));
        assertEquals("X = 'acme'\n", store.load("acme", name, null).code(), "one tenant's delete leaves the other's");
    }

    @Test
    void startersFromTheRepositoryWereImportedAtStartup() {
        for (String name : List.of("csv_records", "paginate_text", "retry_backoff", "json_shape", "flatten_dict",
                "chunk_list", "table_markdown", "safe_path", "dedupe_records", "group_by")) {
            assertFalse(store.versions(SkillScopes.STARTER, name).isEmpty(), name);
        }
    }

    @Test
    void starterImportIsIdempotentAndNeverClobbersAUserVersion() throws IOException {
        Path dir = Files.createTempDirectory("starters");
        String name = unique("starter");
        writeStarter(dir, name, "X = 1\n");
        assertEquals(new StarterImporter.Report(1, 0, 0, 0), importer.importFrom(dir));
        assertEquals(new StarterImporter.Report(0, 1, 0, 0), importer.importFrom(dir));
        assertEquals(StarterImporter.SAVED_BY, store.load(LOCAL, name, null).savedBy());

        // a new release changes the file while no user touched the skill: it becomes version 2
        writeStarter(dir, name, "X = 2\n");
        assertEquals(new StarterImporter.Report(1, 0, 0, 0), importer.importFrom(dir));
        assertEquals(2, store.load(LOCAL, name, null).version());

        // a user saves version 3; a changed file must not replace it
        store.save(LOCAL, draft(name, "X = 'mine'\n"));
        writeStarter(dir, name, "X = 4\n");
        assertEquals(new StarterImporter.Report(0, 0, 1, 0), importer.importFrom(dir));
        Skill newest = store.load(LOCAL, name, null);
        assertEquals(3, newest.version());
        assertEquals("X = 'mine'\n", newest.code());

        // an invalid file is reported and skipped, not fatal
        writeStarter(dir, "9" + name, "X = 1\n");
        assertEquals(1, importer.importFrom(dir).invalid());
    }

    /** Two servers started together on one database import the same starter files at the same moment. */
    @Test
    void simultaneousStarterImportsStoreEachFileOnce() throws Exception {
        Path dir = Files.createTempDirectory("starters");
        String name = unique("starter_raced");
        writeStarter(dir, name, "X = 1\n");
        int importers = 4;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(importers);
        List<Future<StarterImporter.Report>> futures = new ArrayList<>();
        for (int i = 0; i < importers; i++) {
            futures.add(pool.submit(() -> {
                start.await();
                return importer.importFrom(dir);
            }));
        }
        start.countDown();
        int imported = 0;
        int unchanged = 0;
        for (Future<StarterImporter.Report> f : futures) {
            imported += f.get().imported();
            unchanged += f.get().unchanged();
        }
        pool.shutdown();
        assertEquals(1, imported);
        assertEquals(importers - 1, unchanged);
        assertEquals(1, store.versions(SkillScopes.STARTER, name).size());
    }

    private static void writeStarter(Path dir, String name, String code) throws IOException {
        Files.writeString(dir.resolve(name + ".py"), code);
        Files.writeString(dir.resolve(name + ".yaml"), "description: Holds a starter value.\ntags: [test]\n");
    }

    @Test
    void bridgeLoadsAndLists() {
        String name = unique("bridged");
        store.save(LOCAL, draft(name, "def hi():\n    return 'hi'\n"));
        Skill loaded = (Skill) bridge.handle("load", Map.of("name", name), new BridgeCaller("local/c"));
        assertEquals("def hi():\n    return 'hi'\n", loaded.code());
        Map<String, Object> args = new HashMap<>();
        args.put("name", name);
        args.put("version", 1L);
        assertEquals(1, ((Skill) bridge.handle("load", args, new BridgeCaller("local/c"))).version());
        SkillPage page = (SkillPage) bridge.handle("list", Map.of("query", name, "limit", 5), new BridgeCaller("local/c"));
        assertEquals(name, page.skills().get(0).name());
        assertEquals(Kind.NOT_FOUND, assertThrows(InvalidInputException.class,
                () -> bridge.handle("load", Map.of("name", name + "x"), new BridgeCaller("local/c"))).kind());
        assertEquals("method", assertThrows(InvalidInputException.class,
                () -> bridge.handle("save", Map.of(), new BridgeCaller("local/c"))).field());
        assertEquals("version", assertThrows(InvalidInputException.class,
                () -> bridge.handle("load", Map.of("name", name, "version", "1"), new BridgeCaller("local/c"))).field());
    }

    @Test
    void exportWritesNewestVersionsAsStarterFiles() throws IOException {
        String name = unique("exported");
        store.save(LOCAL, draft(name, "X = 1\n"));
        store.save(LOCAL, draft(name, "X = 2\n"));
        SkillExport export = exporter.exportAll(LOCAL);
        assertTrue(export.skills().contains(name));
        Path dir = Path.of(export.directory());
        assertEquals("X = 2\n", Files.readString(dir.resolve(name + ".py")));
        SkillFiles.SkillFile back = SkillFiles.parse(name, Files.readString(dir.resolve(name + ".py")),
                Files.readString(dir.resolve(name + ".yaml")), name + ".yaml");
        assertEquals("Adds two numbers together.", back.description());
        assertEquals(List.of("math"), back.tags());
    }
}
