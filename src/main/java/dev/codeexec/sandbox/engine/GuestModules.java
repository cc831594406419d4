package dev.codeexec.sandbox.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Python modules that capabilities ship for guest code ({@code import skills}, {@code import pii},
 * {@code import tools}): read from {@code guest/index.txt} and {@code guest/<name>.py} on the
 * classpath, the same in the server and in worker processes, and served to the interpreter from
 * memory, so guest code needs no file access to import them.
 */
final class GuestModules {
    private GuestModules() {
    }

    static Map<String, String> load() {
        Map<String, String> modules = new LinkedHashMap<>();
        ClassLoader loader = GuestModules.class.getClassLoader();
        try (InputStream index = loader.getResourceAsStream("guest/index.txt")) {
            if (index == null) {
                return modules;
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(index, StandardCharsets.UTF_8));
            String line;
            while ((line = lines.readLine()) != null) {
                String name = line.strip();
                if (name.isEmpty() || name.startsWith("#")) {
                    continue;
                }
                try (InputStream source = loader.getResourceAsStream("guest/" + name + ".py")) {
                    if (source == null) {
                        throw new IllegalStateException("guest/index.txt names " + name + " but guest/" + name
                                + ".py is missing");
                    }
                    modules.put(name, new String(source.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return modules;
    }
}
