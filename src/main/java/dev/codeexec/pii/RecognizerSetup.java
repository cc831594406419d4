package dev.codeexec.pii;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Builds the analyzer the operator configured: built-ins plus the custom file, minus disabled types. */
final class RecognizerSetup {

    private RecognizerSetup() {
    }

    static Analyzer analyzer(PiiConfig config) {
        List<Recognizer> all = new ArrayList<>(BuiltInRecognizers.all());
        config.customRecognizersFile().ifPresent(file -> all.addAll(CustomRecognizerFile.load(file)));
        Set<String> disabled = new TreeSet<>(config.disabledEntities().orElse(List.of()).stream()
                .map(String::trim).filter(s -> !s.isEmpty()).toList());
        Set<String> known = new TreeSet<>();
        all.forEach(r -> known.add(r.entity()));
        for (String type : disabled) {
            // A typo here would silently keep detecting what the operator meant to switch off.
            if (!known.contains(type)) {
                throw new IllegalStateException("pii.disabled-entities names unknown entity type '" + type
                        + "'; known: " + String.join(", ", known));
            }
        }
        return new Analyzer(all.stream().filter(r -> !disabled.contains(r.entity())).toList());
    }
}
