package dev.codeexec.registry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads {@code <dir>/<category>/<name>.yaml} plus its {@code <name>.py}. Each file is judged on its
 * own: a broken one becomes a {@link LoadProblem} and the rest still load.
 */
final class RegistryLoader {

    /** A local tool: its definition and its Python implementation. */
    record LocalTool(ToolDefinition definition, String source) {
    }

    record Snapshot(Map<String, LocalTool> tools, List<LoadProblem> problems) {
    }

    private static final long MAX_SOURCE_BYTES = 512 * 1024;

    private final Path dir;

    RegistryLoader(Path dir) {
        this.dir = dir;
    }

    Snapshot load() {
        Map<String, LocalTool> tools = new HashMap<>();
        Map<String, String> fileOfName = new HashMap<>();
        List<LoadProblem> problems = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            problems.add(new LoadProblem(dir.toString(), "registry directory does not exist"));
            return new Snapshot(tools, problems);
        }
        for (Path file : definitionFiles(problems)) {
            String shown = dir.relativize(file).toString();
            try {
                LocalTool tool = loadOne(file);
                String clash = fileOfName.putIfAbsent(tool.definition().name(), shown);
                if (clash != null) {
                    problems.add(new LoadProblem(shown, "name '" + tool.definition().name()
                            + "' is already defined by " + clash));
                    continue;
                }
                tools.put(tool.definition().name(), tool);
            } catch (DefinitionParser.Malformed e) {
                problems.add(new LoadProblem(shown, e.getMessage()));
            } catch (IOException e) {
                problems.add(new LoadProblem(shown, "cannot read: " + e.getClass().getSimpleName()));
            }
        }
        problems.sort(java.util.Comparator.comparing(LoadProblem::file));
        return new Snapshot(tools, problems);
    }

    private List<Path> definitionFiles(List<LoadProblem> problems) {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> categories = Files.list(dir)) {
            for (Path category : categories.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> inCategory = Files.list(category)) {
                    inCategory.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().forEach(files::add);
                }
            }
        } catch (IOException e) {
            problems.add(new LoadProblem(dir.toString(), "cannot list: " + e.getClass().getSimpleName()));
        }
        return files;
    }

    private static LocalTool loadOne(Path file) throws IOException, DefinitionParser.Malformed {
        ToolDefinition def = DefinitionParser.parse(Files.readString(file, StandardCharsets.UTF_8));
        String base = file.getFileName().toString().replaceFirst("\\.yaml$", "");
        String folder = file.getParent().getFileName().toString();
        if (!def.name().equals(base)) {
            throw new DefinitionParser.Malformed("name '" + def.name() + "' does not match the file name '" + base + "'");
        }
        if (!def.category().equals(folder)) {
            throw new DefinitionParser.Malformed("category '" + def.category() + "' does not match the folder '"
                    + folder + "'");
        }
        Path py = file.resolveSibling(base + ".py");
        if (!Files.isRegularFile(py)) {
            throw new DefinitionParser.Malformed("implementation " + base + ".py is missing");
        }
        if (Files.size(py) > MAX_SOURCE_BYTES) {
            throw new DefinitionParser.Malformed(base + ".py is larger than " + MAX_SOURCE_BYTES + " bytes");
        }
        String source = Files.readString(py, StandardCharsets.UTF_8);
        if (!source.contains("def run(")) {
            throw new DefinitionParser.Malformed(base + ".py does not define run(**args)");
        }
        return new LocalTool(def, source);
    }
}
