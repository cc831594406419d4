package dev.codeexec.skills;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The on-disk form of a skill, shared by starter import and export: {@code <name>.py} holds the
 * code, {@code <name>.yaml} beside it holds description, tags and parameters. Plain files, so
 * skills can be reviewed and versioned in git.
 */
final class SkillFiles {

    /** A skill read from disk, before validation. */
    record SkillFile(String name, String description, String code, List<String> tags, Map<String, Object> parameters) {
    }

    private SkillFiles() {
    }

    /**
     * Every {@code <name>.py} with a sidecar, sorted by name.
     *
     * @throws IOException           when the directory cannot be read
     * @throws IllegalArgumentException naming the file whose sidecar is missing or malformed
     */
    static List<SkillFile> read(Path dir) throws IOException {
        List<Path> modules;
        try (Stream<Path> files = Files.list(dir)) {
            modules = files.filter(p -> p.getFileName().toString().endsWith(".py")).sorted().toList();
        }
        List<SkillFile> out = new ArrayList<>();
        for (Path py : modules) {
            String file = py.getFileName().toString();
            String name = file.substring(0, file.length() - 3);
            Path sidecar = py.resolveSibling(name + ".yaml");
            if (!Files.isRegularFile(sidecar)) {
                throw new IllegalArgumentException(file + " has no sidecar " + name + ".yaml");
            }
            out.add(parse(name, Files.readString(py, StandardCharsets.UTF_8),
                    Files.readString(sidecar, StandardCharsets.UTF_8), sidecar.getFileName().toString()));
        }
        return out;
    }

    static SkillFile parse(String name, String code, String yaml, String where) {
        Object loaded = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
        if (!(loaded instanceof Map<?, ?> meta)) {
            throw new IllegalArgumentException(where + " must be a YAML mapping with a description");
        }
        Object description = meta.get("description");
        Object tags = meta.get("tags");
        Object parameters = meta.get("parameters");
        if (tags != null && !(tags instanceof List<?>)) {
            throw new IllegalArgumentException(where + ": tags must be a list");
        }
        if (parameters != null && !(parameters instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(where + ": parameters must be a mapping");
        }
        List<String> tagList = tags == null ? List.of() : ((List<?>) tags).stream().map(String::valueOf).toList();
        Map<String, Object> params = new LinkedHashMap<>();
        if (parameters != null) {
            ((Map<?, ?>) parameters).forEach((k, v) -> params.put(String.valueOf(k), v));
        }
        return new SkillFile(name, description == null ? null : String.valueOf(description), code, tagList, params);
    }

    /** Writes both files of one skill, each through a temporary file so a reader never sees half of one. */
    static void write(Path dir, Skill skill) throws IOException {
        Files.createDirectories(dir);
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("description", skill.description());
        meta.put("tags", skill.tags());
        if (!skill.parameters().isEmpty()) {
            meta.put("parameters", skill.parameters());
        }
        meta.put("version", skill.version());
        meta.put("sha256", skill.sha256());
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setWidth(120);
        writeAtomically(dir.resolve(skill.name() + ".py"), skill.code());
        writeAtomically(dir.resolve(skill.name() + ".yaml"), new Yaml(options).dump(meta));
    }

    /** Each writer gets its own temporary file: two servers exporting at once must not write into one. */
    private static void writeAtomically(Path target, String text) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
