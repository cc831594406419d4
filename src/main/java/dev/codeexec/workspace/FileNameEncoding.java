package dev.codeexec.workspace;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Optional;

/**
 * The encoding the server's JVM gives file names, fixed from the locale when it starts ({@code sun.jnu.encoding}; a
 * property set later is ignored). Desktop clients and service managers often start the server with no locale, which
 * makes it ASCII: a name such as 'café.txt' then cannot be made, and the JVM's own refusal, "Malformed input or input
 * contains unmappable characters", says nothing of why. The launcher sets a UTF-8 locale and workers always get one;
 * this names the cause for a server started another way.
 */
record FileNameEncoding(String name) {

    static FileNameEncoding ofThisJvm() {
        return new FileNameEncoding(System.getProperty("sun.jnu.encoding", "UTF-8"));
    }

    /** Whether {@code path} can be a file name here; an encoding the JVM does not know is left to the JVM to judge. */
    boolean canName(String path) {
        return charset().map(charset -> charset.newEncoder().canEncode(path)).orElse(true);
    }

    boolean isUtf8() {
        return charset().map(StandardCharsets.UTF_8::equals).orElse(false);
    }

    /** Why {@code path}, which {@link #canName} refused, is refused: the server's start-up, not the caller's name. */
    String refusal(String echoedPath) {
        return "'" + echoedPath + "' cannot be a file name on this server: it runs with the file-name encoding " + name
                + ", not UTF-8, so only names in that encoding work (the operator starts the server under a UTF-8 "
                + "locale, e.g. LC_ALL=C.UTF-8, as scripts/code-execution-mcp does)";
    }

    /** Said once at start when names outside the encoding will be refused. */
    Optional<String> startupWarning() {
        return isUtf8() ? Optional.empty() : Optional.of("The server's file-name encoding is " + name + ", not UTF-8 "
                + "(no UTF-8 locale at start): workspace file names outside it will be refused. Start the server "
                + "under a UTF-8 locale, e.g. LC_ALL=C.UTF-8, as scripts/code-execution-mcp does");
    }

    private Optional<Charset> charset() {
        try {
            return Optional.of(Charset.forName(name));
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return Optional.empty();
        }
    }
}
