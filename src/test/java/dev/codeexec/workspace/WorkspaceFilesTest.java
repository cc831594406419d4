package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import dev.codeexec.InvalidInputException.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workspace file service on a private root: modes, encodings, paging, listings, limits, path attacks. */
class WorkspaceFilesTest {

    @TempDir
    Path dir;
    Path root;
    WorkspaceLedger ledger;
    WorkspaceFiles files;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(dir.resolve("ws"));
        ledger = WorkspaceLedger.measure(new WorkspaceRoot(root), new WorkspaceQuota(1000, 2000, 5, 4), Runnable::run);
        files = new WorkspaceFiles(ledger, 100, 100);
    }

    private WriteFileResult write(String path, String content, String mode) {
        return files.write(new WriteFileRequest(path, content, null, mode));
    }

    private static InvalidInputException refused(Kind kind, String field, Runnable call) {
        InvalidInputException e = assertThrows(InvalidInputException.class, call::run);
        assertEquals(kind, e.kind(), e.getMessage());
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
        return e;
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void writeCreatesParentsAndReturnsSizeAndHash() throws Exception {
        WriteFileResult r = write("a/b/c.txt", "héllo", null);
        assertEquals("a/b/c.txt", r.path());
        assertEquals(6, r.bytes());
        assertEquals(sha256("héllo".getBytes(StandardCharsets.UTF_8)), r.sha256());
        assertEquals("héllo", Files.readString(root.resolve("a/b/c.txt")));
    }

    @Test
    void appendAddsToTheEndAndReportsTheWholeFile() throws Exception {
        write("log.txt", "one\n", null);
        WriteFileResult r = write("log.txt", "two\n", "append");
        assertEquals(8, r.bytes());
        assertEquals(sha256("one\ntwo\n".getBytes(StandardCharsets.UTF_8)), r.sha256());
        assertEquals("one\ntwo\n", Files.readString(root.resolve("log.txt")));
    }

    /** A program holding the file open (a session's log) goes on writing to the file the tools appended to. */
    @Test
    void appendKeepsTheFileAProgramHoldsOpen() throws Exception {
        write("log.txt", "one\n", null);
        try (var held = java.nio.channels.FileChannel.open(root.resolve("log.txt"),
                java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.APPEND)) {
            WriteFileResult r = write("log.txt", "two\n", "append");
            assertEquals(8, r.bytes());
            assertEquals(sha256("one\ntwo\n".getBytes(StandardCharsets.UTF_8)), r.sha256());
            held.write(java.nio.ByteBuffer.wrap("three\n".getBytes(StandardCharsets.UTF_8)));
        }
        assertEquals("one\ntwo\nthree\n", Files.readString(root.resolve("log.txt")));
    }

    @Test
    void appendToAMissingFileCreatesIt() throws Exception {
        write("new.txt", "x", "append");
        assertEquals("x", Files.readString(root.resolve("new.txt")));
    }

    @Test
    void createRefusesAnExistingFileAndKeepsIt() throws Exception {
        write("once.txt", "first", "create");
        refused(Kind.CONFLICT, "path", () -> write("once.txt", "second", "create"));
        assertEquals("first", Files.readString(root.resolve("once.txt")));
    }

    @Test
    void base64RoundTripsBinary() {
        byte[] binary = {0, (byte) 0xFF, (byte) 0xC3, 10, 13};
        files.write(new WriteFileRequest("bin.dat", Base64.getEncoder().encodeToString(binary), "base64", null));
        ReadFileResult r = files.read(new ReadFileRequest("bin.dat", null, null, "base64"));
        assertArrayEquals(binary, Base64.getDecoder().decode(r.content()));
        assertEquals(5, r.totalBytes());
        assertTrue(r.eof());
    }

    @Test
    void readingBinaryAsUtf8SuggestsBase64() {
        files.write(new WriteFileRequest("bin.dat", Base64.getEncoder().encodeToString(new byte[] {(byte) 0xFF, 0}),
                "base64", null));
        InvalidInputException e = refused(Kind.INVALID, "encoding",
                () -> files.read(new ReadFileRequest("bin.dat", null, null, null)));
        assertTrue(e.getMessage().contains("base64"), e.getMessage());
    }

    @Test
    void badArgumentsNameTheirField() {
        refused(Kind.INVALID, "encoding", () -> files.write(new WriteFileRequest("x", "a", "latin-1", null)));
        refused(Kind.INVALID, "mode", () -> write("x", "a", "truncate"));
        refused(Kind.INVALID, "content", () -> write("x", null, null));
        refused(Kind.INVALID, "content", () -> files.write(new WriteFileRequest("x", "!!not base64!!", "base64", null)));
        refused(Kind.INVALID, "path", () -> write("", "a", null));
        refused(Kind.INVALID, "offset", () -> files.read(new ReadFileRequest("x", -1L, null, null)));
        refused(Kind.INVALID, "length", () -> files.read(new ReadFileRequest("x", 0L, 101L, null)));
        refused(Kind.NOT_FOUND, "path", () -> files.read(new ReadFileRequest("missing.txt", null, null, null)));
        refused(Kind.NOT_FOUND, "path", () -> files.delete("missing.txt"));
        refused(Kind.INVALID, "limit", () -> files.list(new ListFilesRequest(".", null, null, 0, null)));
        refused(Kind.INVALID, "pattern", () -> files.list(new ListFilesRequest(".", "[a", null, null, null)));
    }

    @Test
    void pagesCoverTheFileAndCarryTheWholeFileHash() throws Exception {
        String text = "0123456789".repeat(25);
        write("big.txt", text, null);
        StringBuilder read = new StringBuilder();
        long offset = 0;
        ReadFileResult page;
        do {
            page = files.read(new ReadFileRequest("big.txt", offset, 100L, null));
            read.append(page.content());
            offset += page.bytesReturned();
            assertEquals(250, page.totalBytes());
            assertEquals(sha256(text.getBytes(StandardCharsets.UTF_8)), page.sha256OfFile());
        } while (!page.eof());
        assertEquals(text, read.toString());
        assertEquals(250, offset);
        refused(Kind.INVALID, "offset", () -> files.read(new ReadFileRequest("big.txt", 251L, null, null)));
    }

    @Test
    void aPageEndingInsideACharacterStopsBeforeIt() {
        write("utf.txt", "aé€😀b", null); // 1 + 2 + 3 + 4 + 1 bytes
        ReadFileResult first = files.read(new ReadFileRequest("utf.txt", 0L, 5L, null));
        assertEquals("aé", first.content());
        assertEquals(3, first.bytesReturned());
        assertFalse(first.eof());
        ReadFileResult second = files.read(new ReadFileRequest("utf.txt", 3L, 5L, null));
        assertEquals("€", second.content());
        assertEquals("😀b", files.read(new ReadFileRequest("utf.txt", 6L, 5L, null)).content());
        refused(Kind.INVALID, "offset", () -> files.read(new ReadFileRequest("utf.txt", 2L, 5L, null)));
        assertTrue(refused(Kind.INVALID, "length", () -> files.read(new ReadFileRequest("utf.txt", 6L, 2L, null)))
                .getMessage().endsWith("at offset 6; it takes 4 bytes"));
        assertTrue(refused(Kind.INVALID, "length", () -> files.read(new ReadFileRequest("utf.txt", 1L, 1L, null)))
                .getMessage().endsWith("at offset 1; it takes 2 bytes"));
        // A page too short for a character that the offset falls inside is refused for the offset, not the length.
        assertTrue(refused(Kind.INVALID, "offset", () -> files.read(new ReadFileRequest("utf.txt", 2L, 1L, null)))
                .getMessage().contains("falls inside a multi-byte UTF-8 character"));
    }

    @Test
    void listingIsSortedPagedFilteredAndHidesInFlightWrites() throws IOException {
        write("b.csv", "1", null);
        write("a.csv", "22", null);
        write("notes.txt", "3", null);
        write("sub/c.csv", "4", null);
        Files.writeString(root.resolve(WorkspaceFiles.TEMP_PREFIX + "x.tmp"), "partial");
        ListFilesResult flat = files.list(new ListFilesRequest(null, null, null, null, null));
        assertEquals(List.of("a.csv", "b.csv", "notes.txt", "sub"), flat.entries().stream().map(e -> e.path()).toList());
        assertEquals("dir", flat.entries().get(3).type());
        assertEquals(2, flat.entries().get(0).bytes());
        ListFilesResult csv = files.list(new ListFilesRequest(".", "*.csv", true, 2, 1));
        assertEquals(3, csv.total());
        assertEquals(List.of("b.csv", "sub/c.csv"), csv.entries().stream().map(e -> e.path()).toList());
        refused(Kind.INVALID, "path", () -> files.list(new ListFilesRequest("a.csv", null, null, null, null)));
        refused(Kind.NOT_FOUND, "path", () -> files.list(new ListFilesRequest("nope", null, null, null, null)));
    }

    @Test
    void deleteRemovesFilesAndOnlyEmptyDirectories() {
        write("d/f.txt", "x", null);
        refused(Kind.CONFLICT, "path", () -> files.delete("d"));
        assertEquals("file", files.delete("d/f.txt").type());
        assertEquals("dir", files.delete("d").type());
        assertFalse(Files.exists(root.resolve("d")));
        refused(Kind.INVALID, "path", () -> files.delete("."));
    }

    @Test
    void pathAttacksAreRefusedNamingThePath() throws IOException {
        Path outside = Files.writeString(dir.resolve("secret.txt"), "secret");
        Files.createSymbolicLink(root.resolve("escape"), dir);
        Files.createSymbolicLink(root.resolve("secret-link"), outside);
        for (String attack : List.of("/etc/passwd", outside.toString(), "../secret.txt", "a/../../secret.txt",
                "escape/secret.txt", "secret-link", "a\0b", "x".repeat(300), "d/".repeat(600) + "f")) {
            refused(Kind.INVALID, "path", () -> files.read(new ReadFileRequest(attack, null, null, null)));
            refused(Kind.INVALID, "path", () -> write(attack, "pwned", null));
            refused(Kind.INVALID, "path", () -> files.delete(attack));
        }
        refused(Kind.INVALID, "path", () -> files.list(new ListFilesRequest("escape", null, null, null, null)));
        refused(Kind.INVALID, "path", () -> files.list(new ListFilesRequest("..", null, null, null, null)));
        assertEquals("secret", Files.readString(outside));
        assertEquals(List.of("secret.txt", "ws"), Files.list(dir).map(p -> p.getFileName().toString()).sorted().toList());
    }

    @Test
    void quotasRefuseTheWriteAndKeepWhatIsStored() throws IOException {
        refused(Kind.TOO_LARGE, "content", () -> write("huge.txt", "x".repeat(1001), null));
        write("one.txt", "a".repeat(900), null);
        write("two.txt", "b".repeat(900), null);
        write("three.txt", "c".repeat(150), null);
        // 1950 of 2000 stored: the append would grow one.txt by 100 bytes, refused before anything is written.
        InvalidInputException total = refused(Kind.TOO_LARGE, "content", () -> write("one.txt", "z".repeat(100), "append"));
        assertTrue(total.getMessage().contains("workspace.max-total-bytes=2000"), total.getMessage());
        InvalidInputException file = refused(Kind.TOO_LARGE, "content", () -> write("two.txt", "z".repeat(150), "append"));
        assertTrue(file.getMessage().contains("workspace.max-file-bytes=1000"), file.getMessage());
        refused(Kind.TOO_LARGE, "content", () -> write("four.txt", "d".repeat(100), null));
        assertEquals("a".repeat(900), Files.readString(root.resolve("one.txt")));
        assertEquals("b".repeat(900), Files.readString(root.resolve("two.txt")));
        assertFalse(Files.exists(root.resolve("four.txt")));
        write("s1", "", null);
        write("s2", "", null);
        InvalidInputException count = refused(Kind.TOO_LARGE, "path", () -> write("s3", "", null));
        assertTrue(count.getMessage().contains("workspace.max-files=5"), count.getMessage());
        assertEquals(0, Files.list(root).filter(p -> p.getFileName().toString().startsWith(WorkspaceFiles.TEMP_PREFIX))
                .count(), "a refused write left its temporary file behind");
    }

    @Test
    void directoriesCountAsFilesAndDepthIsLimited() throws IOException {
        // max-files=5 and max-depth=4 here: a/b/c are three entries before the file itself.
        write("a/b/c/f.txt", "x", null);
        assertEquals(4, files.summary().files());
        InvalidInputException deep = refused(Kind.INVALID, "path", () -> write("a/b/c/d/g.txt", "x", null));
        assertEquals("path: the path would be 5 levels deep, over workspace.max-depth=4", deep.getMessage());
        write("a/g.txt", "x", null);
        InvalidInputException count = refused(Kind.TOO_LARGE, "path", () -> write("e/h.txt", "x", null));
        assertTrue(count.getMessage().contains("workspace.max-files=5"), count.getMessage());
        assertFalse(Files.exists(root.resolve("e")), "a refused write left a directory behind");
        files.delete("a/b/c/f.txt");
        files.delete("a/b/c");
        assertEquals(3, files.summary().files(), "deleting gives entries back");
        write("e.txt", "x", null);
    }
}
