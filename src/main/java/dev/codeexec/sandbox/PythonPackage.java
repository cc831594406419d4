package dev.codeexec.sandbox;

import java.util.List;

/**
 * One distribution in the packages directory, as its {@code *.dist-info/METADATA} names it, and the top-level
 * modules it makes importable ({@code top_level.txt}).
 */
public record PythonPackage(String name, String version, List<String> imports) {
}
