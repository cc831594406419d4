import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;

/**
 * Where a guest workload's time goes: one GraalPy engine and context, the workload run N times in it, each run's
 * wall and CPU time printed, and (with --sampler) Truffle's CPU sampler histogram of all runs at the end.
 *
 * <p>Usage, after {@code mvn -B -DskipTests package} and {@code python3 bench/guest_workloads.py --dump DIR}:
 * <pre>
 * java -Xmx512m -XX:+UseSerialGC -cp "target/quarkus-app/lib/boot/*:target/quarkus-app/lib/main/*" \
 *     bench/GuestProfile.java DIR/csv_profile.py 8 [--sampler]
 * </pre>
 * The workload runs with target/bench-workspace as working directory and full IO (this is a measuring tool, not
 * the sandbox). With the stock JDK the engine interprets, as the server's default {@code sandbox.jit=off} does; for
 * the JIT run it with a GraalVM JDK's java (libgraal), and Truffle's own instruments as system properties, e.g.
 * {@code -Dpolyglot.engine.TraceCompilation=true -Dpolyglot.log.file=target/compilations.log}.
 */
public class GuestProfile {
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: GuestProfile WORKLOAD.py RUNS [--sampler]");
            System.exit(2);
        }
        String code = Files.readString(Path.of(args[0]));
        int runs = Integer.parseInt(args[1]);
        boolean sampler = args.length > 2 && args[2].equals("--sampler");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Engine.Builder engine = Engine.newBuilder("python").option("engine.WarnInterpreterOnly", "false");
        if (sampler) {
            engine.option("cpusampler", "true").option("cpusampler.Output", "histogram")
                    .option("cpusampler.OutputFile", "target/guest-profile.txt");
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (Engine e = engine.build();
                Context context = Context.newBuilder("python").engine(e).allowAllAccess(true).out(out)
                        .currentWorkingDirectory(Path.of("target/bench-workspace").toAbsolutePath()).build()) {
            Source source = Source.newBuilder("python", code, "<workload>").build();
            for (int i = 1; i <= runs; i++) {
                long wall = System.nanoTime();
                long cpu = threads.getCurrentThreadCpuTime();
                context.eval(source);
                System.out.printf("run %d: wall %.3f s, cpu %.3f s%n", i, (System.nanoTime() - wall) / 1e9,
                        (threads.getCurrentThreadCpuTime() - cpu) / 1e9);
                String printed = out.toString().strip();
                System.out.println("  last line printed: " + printed.substring(printed.lastIndexOf('\n') + 1));
                out.reset();
            }
        }
        if (sampler) {
            System.out.println("histogram: target/guest-profile.txt");
        }
    }
}
