package dev.codeexec.pii.bench;

import dev.codeexec.pii.BuiltInRecognizers;
import dev.codeexec.pii.LabelledCorpus;
import dev.codeexec.pii.PiiService;
import dev.codeexec.pii.SanitizeRequest;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Sanitize throughput on one thread over a few MB of mixed text: the labelled corpus (PII-dense)
 * interleaved with plain prose, as a log or a mailbox export would be. Prints MB/s (UTF-8 bytes).
 *
 * <p>Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.codeexec.pii.bench.PiiThroughputBench} or see docs/benchmarks-pii.md.
 */
public final class PiiThroughputBench {

    private static final String PROSE = "The quarterly review covered revenue, hiring plans and the roadmap for "
            + "the next release. Several teams reported delays caused by vendor issues, and the group agreed to "
            + "revisit the schedule in two weeks. Action items were assigned and the notes shared afterwards.\n";

    public static void main(String[] args) {
        int targetBytes = args.length > 0 ? Integer.parseInt(args[0]) : 4 * 1024 * 1024;
        String corpus = LabelledCorpus.generate(7L, 200).text();
        StringBuilder text = new StringBuilder(targetBytes + corpus.length());
        int at = 0;
        while (text.length() < targetBytes) {
            // Roughly one PII-bearing paragraph per four lines of prose.
            int end = Math.min(corpus.length(), at + 400);
            text.append(PROSE).append(PROSE).append(PROSE).append(PROSE).append(corpus, at, end);
            at = end == corpus.length() ? 0 : end;
        }
        String input = text.toString();
        double mb = input.getBytes(StandardCharsets.UTF_8).length / 1e6;
        PiiService pii = PiiService.forBenchmark(BuiltInRecognizers.all());
        // Steady state: the JIT compiles the large analysis methods only after several calls of
        // hundreds of milliseconds each (on two cores, while the calls run), so warm up for a while.
        long warmUntil = System.nanoTime() + 5_000_000_000L;
        for (int i = 0; i < 10 || System.nanoTime() < warmUntil; i++) {
            pii.sanitize(new SanitizeRequest(input), "warmup");
        }
        // CPU time of this thread as well as wall time: on a shared machine wall time mostly measures
        // the neighbours.
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int runs = 10;
        long[] wall = new long[runs];
        long[] cpu = new long[runs];
        int entities = 0;
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            long cpuStart = threads.getCurrentThreadCpuTime();
            entities = pii.sanitize(new SanitizeRequest(input), "bench-" + i).entities().size();
            cpu[i] = threads.getCurrentThreadCpuTime() - cpuStart;
            wall[i] = System.nanoTime() - start;
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        // Milliseconds to three places: a few-KB text (pass its size as the argument) takes a fraction of one.
        System.out.printf("sanitize: %.1f KB of mixed text, %d entities, %d runs after warm-up:%n", mb * 1000,
                entities, runs);
        System.out.printf("  cpu  best %.3f ms = %.1f MB/s, median %.3f ms = %.1f MB/s%n", cpu[0] / 1e6,
                mb / (cpu[0] / 1e9), cpu[runs / 2] / 1e6, mb / (cpu[runs / 2] / 1e9));
        System.out.printf("  wall best %.3f ms = %.1f MB/s, median %.3f ms = %.1f MB/s%n", wall[0] / 1e6,
                mb / (wall[0] / 1e9), wall[runs / 2] / 1e6, mb / (wall[runs / 2] / 1e9));
    }
}
