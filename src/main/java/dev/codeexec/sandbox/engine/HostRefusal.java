package dev.codeexec.sandbox.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;

/**
 * Renders a refusal raised by the host underneath the guest (a denied process, thread or socket)
 * as the Python traceback the caller would expect, instead of a Java class name. These refusals
 * bypass Python's {@code except}, so the driver never sees them. So do the interpreter's own internal errors (a
 * builtin given values it has no case for); those are told apart and reported as such, not as a refusal, so a
 * caller does not take a limitation of GraalPy for a rule of the sandbox.
 */
final class HostRefusal {
    private HostRefusal() {
    }

    static String traceback(PolyglotException p) {
        List<String> frames = new ArrayList<>();
        for (PolyglotException.StackFrame frame : p.getPolyglotStackTrace()) {
            SourceSection at = frame.getSourceLocation();
            if (frame.isGuestFrame() && at != null && "<string>".equals(at.getSource().getName())) {
                String name = frame.getRootName() == null || frame.getRootName().isEmpty() ? "<module>" : frame.getRootName();
                frames.add("  File \"<string>\", line " + at.getStartLine() + ", in " + name + "\n");
            }
        }
        StringBuilder text = new StringBuilder(frames.isEmpty() ? "" : "Traceback (most recent call last):\n");
        for (int i = frames.size() - 1; i >= 0; i--) {
            text.append(frames.get(i));
        }
        return text.append(describe(p.getMessage())).append('\n').toString();
    }

    /** What the host's denials say: Truffle's "... is not allowed", GraalPy's excluded POSIX features. */
    private static final List<String> REFUSAL_WORDS = List.of("not allowed", "was excluded", "denied", "not permitted",
            "securityexception");

    static String describe(String hostMessage) {
        String m = hostMessage == null ? "" : hostMessage.toLowerCase(Locale.ROOT);
        if (!isRefusal(hostMessage)) {
            return "SystemError: the interpreter failed internally (" + exceptionName(hostMessage)
                    + "); this is not a sandbox refusal, and another way to do the same may work";
        }
        if (m.contains("socket")) {
            return "OSError: [Errno 97] network access is not available in the sandbox";
        }
        if (m.contains("process")) {
            return "PermissionError: [Errno 1] creating processes is not allowed in the sandbox";
        }
        if (m.contains("thread")) {
            return "RuntimeError: creating threads is not allowed in the sandbox";
        }
        if (m.contains("native") || m.contains("ctypes")) {
            return "PermissionError: [Errno 1] native code is not allowed in the sandbox";
        }
        return "PermissionError: [Errno 1] operation not permitted in the sandbox";
    }

    /** Whether the host's message is one of its denials, rather than an internal error of the interpreter. */
    static boolean isRefusal(String hostMessage) {
        String m = hostMessage == null ? "" : hostMessage.toLowerCase(Locale.ROOT);
        return REFUSAL_WORDS.stream().anyMatch(m::contains);
    }

    /** The simple name of the Java exception a host message starts with ("pkg.Outer$Name: ..."), or "unknown". */
    static String exceptionName(String hostMessage) {
        String head = hostMessage == null ? "" : hostMessage.split(":", 2)[0].trim();
        String name = head.substring(head.lastIndexOf('.') + 1);
        name = name.substring(name.lastIndexOf('$') + 1);
        return name.matches("[A-Za-z_][A-Za-z0-9_]*(Exception|Error)") ? name : "unknown";
    }
}
