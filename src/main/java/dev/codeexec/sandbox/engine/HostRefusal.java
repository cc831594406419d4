package dev.codeexec.sandbox.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;

/**
 * Renders a refusal raised by the host underneath the guest (a denied process, thread or socket)
 * as the Python traceback the caller would expect, instead of a Java class name. These refusals
 * bypass Python's {@code except}, so the driver never sees them.
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

    private static String describe(String hostMessage) {
        String m = hostMessage == null ? "" : hostMessage.toLowerCase(Locale.ROOT);
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
}
