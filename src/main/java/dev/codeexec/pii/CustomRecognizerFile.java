package dev.codeexec.pii;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads operator-defined recognizers from YAML ({@code .yaml}/{@code .yml}) or JSON. A broken file
 * stops start-up with a message naming the file and the entry, rather than silently detecting less.
 */
final class CustomRecognizerFile {

    /** The file: {@code recognizers: [...]}. */
    record Contents(List<Definition> recognizers) {
    }

    record Definition(String entity, List<PatternDefinition> patterns, List<String> context,
            @JsonProperty("requires_context") Boolean requiresContext) {
    }

    record PatternDefinition(String name, String regex, Double score) {
    }

    private static final Pattern ENTITY_NAME = Pattern.compile("[A-Z][A-Z0-9_]{1,63}");

    private CustomRecognizerFile() {
    }

    static List<Recognizer> load(Path file) {
        String name = file.getFileName().toString();
        ObjectMapper mapper = name.endsWith(".yaml") || name.endsWith(".yml") ? new ObjectMapper(new YAMLFactory())
                : new ObjectMapper();
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        Contents contents;
        try {
            contents = mapper.readValue(file.toFile(), Contents.class);
        } catch (IOException e) {
            throw new IllegalStateException("pii.custom-recognizers-file " + file + " cannot be read: "
                    + e.getMessage(), e);
        }
        List<Recognizer> out = new ArrayList<>();
        List<Definition> definitions = contents == null || contents.recognizers() == null ? List.of()
                : contents.recognizers();
        for (int i = 0; i < definitions.size(); i++) {
            out.add(toRecognizer(file, i, definitions.get(i)));
        }
        return out;
    }

    private static Recognizer toRecognizer(Path file, int index, Definition d) {
        String where = "pii.custom-recognizers-file " + file + ", recognizers[" + index + "]";
        if (d.entity() == null || !ENTITY_NAME.matches(d.entity())) {
            throw new IllegalStateException(where + ": entity must be 2-64 of A-Z, 0-9, _ starting with a letter");
        }
        if (d.patterns() == null || d.patterns().isEmpty()) {
            throw new IllegalStateException(where + ": at least one pattern is required");
        }
        List<PiiPattern> patterns = new ArrayList<>();
        for (int p = 0; p < d.patterns().size(); p++) {
            PatternDefinition def = d.patterns().get(p);
            String at = where + ".patterns[" + p + "]";
            double score = def.score() == null ? 0.6 : def.score();
            if (def.regex() == null || def.regex().isEmpty()) {
                throw new IllegalStateException(at + ": regex is required");
            }
            if (score < 0 || score > 1) {
                throw new IllegalStateException(at + ": score must be between 0 and 1");
            }
            try {
                String patternName = def.name() == null ? "pattern" + p : def.name();
                patterns.add(new PiiPattern(patternName, Pattern.compile(def.regex()), score));
            } catch (PatternSyntaxException e) {
                throw new IllegalStateException(at + ": regex is not valid RE2 syntax: " + e.getMessage(), e);
            }
        }
        return new CustomRecognizer(d.entity(), patterns, d.context() == null ? List.of() : d.context(),
                Boolean.TRUE.equals(d.requiresContext()));
    }
}
