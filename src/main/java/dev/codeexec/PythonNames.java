package dev.codeexec;

import java.util.Set;
import java.util.regex.Pattern;

/** What Python code can write as a plain name: an attribute, a keyword argument, an imported name. */
public final class PythonNames {

    /** Python 3.12's keywords (keyword.kwlist). */
    public static final Set<String> KEYWORDS = Set.of("False", "None", "True", "and", "as", "assert", "async",
            "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from",
            "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
            "while", "with", "yield");

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private PythonNames() {
    }

    /** An ASCII identifier that is no keyword and no dunder name (which objects answer themselves). */
    public static boolean plain(String name) {
        return name != null && IDENTIFIER.matcher(name).matches() && !KEYWORDS.contains(name)
                && !name.startsWith("__");
    }
}
