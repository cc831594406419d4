package dev.codeexec.sandbox;

import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.BridgeCaller;
import dev.codeexec.bridge.BridgeHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/** A test-only host service: echoes its arguments and its caller, answers at a given size, or fails on request. */
@ApplicationScoped
public class EchoBridgeHandler implements BridgeHandler {

    /** Calls of "hold" inside the handler now. */
    private final java.util.concurrent.atomic.AtomicInteger holding = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.Semaphore entered = new java.util.concurrent.Semaphore(0);
    private final java.util.concurrent.Semaphore released = new java.util.concurrent.Semaphore(0);

    /** Calls of "hold" inside the handler now. */
    public int holding() {
        return holding.get();
    }

    /** Waits until a call of "hold" is inside. */
    public void awaitHolding() throws InterruptedException {
        entered.acquire();
    }

    /** Lets {@code calls} calls of "hold" return. */
    public void release(int calls) {
        released.release(calls);
    }

    @Override
    public String service() {
        return "echo";
    }

    @Override
    public Object handle(String method, Map<String, Object> args, BridgeCaller caller) {
        return switch (method) {
            case "echo" -> Map.of("args", args, "caller", caller.connectionId());
            case "hold" -> hold();
            case "big" -> "x".repeat(((Number) args.get("chars")).intValue());
            case "refuse" -> throw new InvalidInputException("text", "is not acceptable here");
            case "missing" -> throw new InvalidInputException("name", "no such thing", InvalidInputException.Kind.NOT_FOUND);
            case "crash" -> throw new IllegalStateException("secret host detail /etc/shadow");
            default -> throw new InvalidInputException("method", "unknown method " + method);
        };
    }

    /** Stays inside until the test releases it. */
    private Object hold() {
        holding.incrementAndGet();
        entered.release();
        try {
            released.acquire();
            return "released";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            holding.decrementAndGet();
        }
    }
}
