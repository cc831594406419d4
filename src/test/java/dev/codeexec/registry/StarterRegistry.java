package dev.codeexec.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** Test view of the starter registry under {@code registry/}: every definition file with its parsed YAML. */
final class StarterRegistry {

    /** Tests run from the project root, where the registry lives. */
    static final Path ROOT = Path.of("registry");

    /** One definition file, its Python module beside it, and its parsed content. */
    record Definition(Path yaml, Map<String, Object> content) {

        String name() {
            return (String) content.get("name");
        }

        Path implementation() {
            String file = yaml.getFileName().toString();
            return yaml.resolveSibling(file.substring(0, file.length() - ".yaml".length()) + ".py");
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> examples() {
            return (List<Map<String, Object>>) content.get("examples");
        }

        @Override
        public String toString() {
            return content.get("category") + "/" + name();
        }
    }

    /** One example of one tool, named for test reports. */
    record Example(Definition tool, int index, Map<String, Object> content) {

        @SuppressWarnings("unchecked")
        Map<String, Object> args() {
            return (Map<String, Object>) content.get("args");
        }

        Object expect() {
            return content.get("expect");
        }

        @Override
        public String toString() {
            return tool.name() + "#" + index + " " + content.get("description");
        }
    }

    private StarterRegistry() {
    }

    static List<Definition> definitions() {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().map(StarterRegistry::load).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Example> examples() {
        return definitions().stream().flatMap(d -> {
            List<Map<String, Object>> examples = d.examples();
            return java.util.stream.IntStream.range(0, examples.size()).mapToObj(i -> new Example(d, i, examples.get(i)));
        });
    }

    @SuppressWarnings("unchecked")
    private static Definition load(Path yaml) {
        // SafeConstructor: definitions are data, never Java objects.
        Yaml parser = new Yaml(new SafeConstructor(new LoaderOptions()));
        try {
            Object content = parser.load(Files.readString(yaml));
            if (!(content instanceof Map)) {
                throw new IllegalStateException(yaml + ": top level is not a mapping");
            }
            return new Definition(yaml, (Map<String, Object>) content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
