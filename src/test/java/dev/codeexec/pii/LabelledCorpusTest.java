package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Precision and recall per entity type over the generated corpus, printed for the record; every
 * built-in type must reach 0.95 on both.
 */
class LabelledCorpusTest {

    private static final double TARGET = 0.95;

    @Test
    void everyTypeReachesTargetPrecisionAndRecall() {
        LabelledCorpus.Document doc = LabelledCorpus.generate(20240611L, 60);
        List<Finding> found = new Analyzer(BuiltInRecognizers.all()).analyze(doc.text(), null, 0.5);

        Set<String> expected = new HashSet<>();
        Set<String> types = new TreeSet<>();
        for (LabelledCorpus.Label l : doc.labels()) {
            expected.add(l.entity() + "@" + l.start() + "-" + l.end());
            types.add(l.entity());
        }
        Map<String, int[]> byType = new TreeMap<>(); // tp, fp, fn
        types.forEach(t -> byType.put(t, new int[3]));
        Set<String> reported = new HashSet<>();
        for (Finding f : found) {
            String key = f.entity() + "@" + f.start() + "-" + f.end();
            reported.add(key);
            int[] c = byType.computeIfAbsent(f.entity(), t -> new int[3]);
            if (expected.contains(key)) {
                c[0]++;
            } else {
                c[1]++;
                System.out.println("false positive " + f.entity() + " (" + f.pattern() + "): "
                        + doc.text().substring(f.start(), f.end()));
            }
        }
        for (LabelledCorpus.Label l : doc.labels()) {
            if (!reported.contains(l.entity() + "@" + l.start() + "-" + l.end())) {
                byType.get(l.entity())[2]++;
                System.out.println("missed " + l.entity() + ": " + doc.text().substring(l.start(), l.end()));
            }
        }
        StringBuilder failures = new StringBuilder();
        System.out.printf("%-18s %9s %9s %5s %5s %5s%n", "entity", "precision", "recall", "tp", "fp", "fn");
        byType.forEach((type, c) -> {
            double precision = c[0] + c[1] == 0 ? 1.0 : (double) c[0] / (c[0] + c[1]);
            double recall = c[0] + c[2] == 0 ? 1.0 : (double) c[0] / (c[0] + c[2]);
            System.out.printf("%-18s %9.3f %9.3f %5d %5d %5d%n", type, precision, recall, c[0], c[1], c[2]);
            if (precision < TARGET || recall < TARGET) {
                failures.append(type).append(' ');
            }
        });
        assertTrue(types.size() >= 22, "corpus covers every built-in type: " + types);
        assertTrue(failures.isEmpty(), "below " + TARGET + ": " + failures);
    }
}
