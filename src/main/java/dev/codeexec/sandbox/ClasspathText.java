package dev.codeexec.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** UTF-8 text files the sandbox ships in its jar (scripts it runs), read whole. */
public final class ClasspathText {

    private ClasspathText() {
    }

    /** The resource at {@code path} (from the classpath root, e.g. {@code worker/warmup.py}); it must exist. */
    public static String read(String path) {
        try (InputStream in = ClasspathText.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
