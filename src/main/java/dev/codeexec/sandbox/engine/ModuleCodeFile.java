package dev.codeexec.sandbox.engine;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Library modules compiled by the worker that recorded the ahead-of-time cache, kept beside it for every later worker:
 * a new worker's interpreters load them as marshal data instead of parsing their sources on a JVM that has not yet
 * compiled GraalPy's parser (the modules of {@code import json}: 0.9 s to compile there, 0.13 s to load;
 * docs/benchmarks.md). Entries keep {@link ModuleCodeCache}'s keys, a path and the digest of its source, so a module
 * whose file changed is not found here. Only the index stays in memory; a module's data is read when first asked for.
 *
 * <p>Layout: a magic number, the entry count, each entry's key (its UTF-8 length, then its bytes) and data length,
 * then the data of every entry in the same order, one byte a char.
 */
final class ModuleCodeFile implements AutoCloseable {

    private static final int MAGIC = 0x43454d31;
    /** More than any standard library holds: a header claiming more is not one of ours. */
    private static final int MAX_ENTRIES = 100_000;
    /** A path and a digest. */
    private static final int MAX_KEY_BYTES = 1 << 16;

    private record Entry(long offset, int length) {
    }

    private final FileChannel channel;
    private final Map<String, Entry> entries;
    /** The paths (or {@code <guest module>} names) of the entries: a path not here is never read for this file. */
    private final Set<String> paths;

    private ModuleCodeFile(FileChannel channel, Map<String, Entry> entries) {
        this.channel = channel;
        this.entries = Map.copyOf(entries);
        Set<String> known = new HashSet<>();
        entries.keySet().forEach(key -> known.add(key.substring(0, key.indexOf('\0'))));
        this.paths = Set.copyOf(known);
    }

    static ModuleCodeFile none() {
        return new ModuleCodeFile(null, Map.of());
    }

    /** Opens {@code file} and reads its index; fails on a file that is not one this class wrote. */
    static ModuleCodeFile open(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            Map<String, Entry> entries = new HashMap<>();
            DataInputStream in = new DataInputStream(new BufferedInputStream(
                    java.nio.channels.Channels.newInputStream(channel.position(0))));
            if (in.readInt() != MAGIC) {
                throw new IOException("not a module code file");
            }
            int count = in.readInt();
            if (count < 0 || count > MAX_ENTRIES) {
                throw new IOException("entry count out of range: " + count);
            }
            String[] keys = new String[count];
            int[] lengths = new int[count];
            long header = 8;
            for (int i = 0; i < count; i++) {
                int keyLength = in.readInt();
                if (keyLength <= 0 || keyLength > MAX_KEY_BYTES) {
                    throw new IOException("malformed entry " + i);
                }
                byte[] key = new byte[keyLength];
                in.readFully(key);
                keys[i] = new String(key, StandardCharsets.UTF_8);
                lengths[i] = in.readInt();
                if (lengths[i] < 0 || keys[i].indexOf('\0') < 0) {
                    throw new IOException("malformed entry " + i);
                }
                header += 4 + keyLength + 4;
            }
            long offset = header;
            for (int i = 0; i < count; i++) {
                entries.put(keys[i], new Entry(offset, lengths[i]));
                offset += lengths[i];
            }
            if (offset != channel.size()) {
                throw new IOException("its data is " + channel.size() + " bytes where its index says " + offset);
            }
            return new ModuleCodeFile(channel, entries);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
    }

    /** Writes {@code code} (key to marshal data, one char a byte) to {@code file}. */
    static void write(Path file, Map<String, String> code) throws IOException {
        Map<String, String> sorted = new TreeMap<>(code);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(MAGIC);
            out.writeInt(sorted.size());
            for (Map.Entry<String, String> entry : sorted.entrySet()) {
                byte[] key = entry.getKey().getBytes(StandardCharsets.UTF_8);
                out.writeInt(key.length);
                out.write(key);
                out.writeInt(entry.getValue().length());
            }
            for (String data : sorted.values()) {
                out.write(data.getBytes(StandardCharsets.ISO_8859_1));
            }
        }
    }

    /** Whether an entry for {@code path} exists (for any content). */
    boolean knows(String path) {
        return paths.contains(path);
    }

    /** The marshal data under {@code key}, one char a byte, or null when there is none or it cannot be read. */
    String read(String key) {
        Entry entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        ByteBuffer data = ByteBuffer.allocate(entry.length());
        try {
            while (data.hasRemaining()) {
                if (channel.read(data, entry.offset() + data.position()) < 0) {
                    return null;
                }
            }
        } catch (IOException e) {
            return null;
        }
        return new String(data.array(), StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
