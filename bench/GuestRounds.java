import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;

/**
 * Several guest programs in one engine and context, in rounds, as a warm worker meets a caller's mixed work: each
 * round runs every program once and prints its milliseconds, the collector's time in the round and the heap after
 * it. For A/B runs of JVM options (the worker's HotSpot state is shared by every program it runs), not for ratios to
 * CPython: it runs without the sandbox's host accelerations (bench/everyday.py measures those).
 *
 * <p>Usage, after {@code mvn -B -DskipTests package} and {@code python3 bench/everyday.py --dump DIR}:
 * <pre>
 * java -Xmx1g -XX:+UseSerialGC [options to compare] -cp "target/quarkus-app/lib/boot/*:target/quarkus-app/lib/main/*" \
 *     bench/GuestRounds.java 8 DIR/csv.py DIR/json.py DIR/regex.py DIR/oop.py DIR/numeric.py
 * </pre>
 * Compare rounds 4 and later, the same options run at least three times in turn with the others: on 2 shared cores
 * one run's rounds vary by a third.
 */
public class GuestRounds {
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: GuestRounds ROUNDS PROGRAM.py...");
            System.exit(2);
        }
        int rounds = Integer.parseInt(args[0]);
        List<Source> programs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            Path file = Path.of(args[i]);
            programs.add(Source.newBuilder("python", Files.readString(file), file.getFileName().toString()).build());
            names.add(file.getFileName().toString().replaceFirst("\\.py$", ""));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Engine engine = Engine.newBuilder("python").option("engine.WarnInterpreterOnly", "false").build();
                Context context = Context.newBuilder("python").engine(engine).allowAllAccess(true).out(out).build()) {
            for (int round = 1; round <= rounds; round++) {
                StringBuilder line = new StringBuilder("round " + round + ":");
                long collected = collectorMillis();
                for (int i = 0; i < programs.size(); i++) {
                    long start = System.nanoTime();
                    context.eval(programs.get(i));
                    line.append(' ').append(names.get(i)).append(' ').append((System.nanoTime() - start) / 1_000_000);
                    out.reset();
                }
                MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
                line.append(" | gc ").append(collectorMillis() - collected).append(" ms, heap used ")
                        .append(heap.getUsed() >> 20).append(" MiB of ").append(heap.getCommitted() >> 20);
                System.out.println(line);
            }
        }
    }

    private static long collectorMillis() {
        long total = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += collector.getCollectionTime();
        }
        return total;
    }
}
