package dev.codeexec.sandbox.engine;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/** Stand-ins for the server's workspace ledger, as the guest file system's bridge calls reach it. */
final class FakeLedger {

    private FakeLedger() {
    }

    /**
     * A ledger that grants what a reservation needs and up to {@code room} bytes and entries more, and records each call
     * as its method followed by the settlements it brought, if any.
     */
    static HostCalls granting(List<String> calls, long room) {
        AtomicLong leases = new AtomicLong();
        return (owner, service, method, args) -> {
            calls.add(method + (args.contains("\"settled\"")
                    ? " " + args.replaceAll(".*\"settled\":(\\[.*\\]\\]).*", "$1") : ""));
            if (!method.equals("reserve")) {
                return "{\"result\":{}}";
            }
            long needed = field(args, "needed");
            long granted = needed + Math.min(field(args, "wanted") - needed, room);
            long entries = field(args, "entries");
            long made = entries + Math.min(field(args, "entries_wanted") - entries, room);
            long lease = field(args, "lease") == 0 ? leases.incrementAndGet() : field(args, "lease");
            return "{\"result\":{\"lease\":" + lease + ",\"granted\":" + granted + ",\"entries\":" + made + "}}";
        };
    }

    /** The worker's bridge: calls reach {@code server} only while {@code running}, and are refused here otherwise. */
    static HostCalls forwardedWhile(BooleanSupplier running, HostCalls server) {
        return (owner, service, method, args) -> running.getAsBoolean()
                ? server.call(owner, service, method, args)
                : "{\"error\":\"the bridge answers only the interpreter running the current execution\","
                        + "\"kind\":\"" + HostCalls.REFUSED + "\"}";
    }

    private static long field(String json, String name) {
        return Long.parseLong(json.replaceAll(".*\"" + name + "\":(-?\\d+).*", "$1"));
    }
}
