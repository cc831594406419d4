package dev.codeexec.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 connection's response bytes that the socket has not yet taken, counted against the
 * {@link ResponseBudget} of the tenant whose request it answers, from the moment they are produced until the socket
 * takes them or the connection closes. Requests admitted together all pass the check at admission before any of them
 * has answered, so the budget must also hold where the bytes are made:
 * <ul>
 * <li>REST entities are counted as they are serialized, on the request's thread ({@link #produce}), since they are
 * copied into direct buffers there, before they reach the connection; a response whose first bytes find the tenant
 * past its budget is replaced by 429 {@code busy}, one that finds it so later waits for the tenant's clients to take
 * bytes and loses its connection once they stall ({@link CountedJsonWriter});</li>
 * <li>everything else (MCP results, event streams) is counted as it is written to the connection: past the budget a
 * large response (64 KiB or more in one write) is replaced by 429 {@code busy} before any of it is sent, and a
 * response under way whose connection is backed up (its client takes less than it is sent) loses its connection, so
 * its bytes are freed at once. A client that reads steadily keeps its connection writable and is left alone.</li>
 * </ul>
 * The fields without a lock are the event loop's; the others are shared with request threads.
 */
final class UnsentResponses extends ChannelDuplexHandler {

    static final String NAME = "codeexec-unsent-responses";
    /** A response smaller than this, whole in one write, is always sent: Netty's default high-water mark. */
    static final int LARGE_BYTES = 64 * 1024;

    private final ResponseBudget budget;
    private String tenant;
    private boolean mcp;
    /** After a replaced response, its remaining parts are dropped until its last one. */
    private boolean dropping;

    /** Bytes produced for the current response and counted, not yet written to the connection. */
    private long produced;
    private String producedFor;
    private boolean closed;

    UnsentResponses(ResponseBudget budget) {
        this.budget = budget;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ctx.channel().closeFuture().addListener(done -> closed());
    }

    /** The request whose response comes next on this connection (HTTP/1.1 answers in order). On the event loop. */
    void answering(String tenant, boolean mcp) {
        this.tenant = tenant;
        this.mcp = mcp;
        synchronized (this) {
            // What the previous response produced and never wrote (it failed) is no longer coming.
            release();
        }
    }

    /**
     * Counts {@code bytes} of the current response made on a request thread, before they are written; false when the
     * tenant is past its budget (or the connection gone), and the bytes must not be written.
     */
    synchronized boolean produce(String owner, long bytes) {
        if (closed || budget.exhausted(owner)) {
            return false;
        }
        budget.written(owner, bytes);
        produced += bytes;
        producedFor = owner;
        return true;
    }

    synchronized boolean open() {
        return !closed;
    }

    ResponseBudget budget() {
        return budget;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        String owner = tenant;
        if (owner == null) {
            ctx.write(msg, promise);
            return;
        }
        if (dropping) {
            dropping = !(msg instanceof LastHttpContent);
            ReferenceCountUtil.release(msg);
            promise.trySuccess();
            return;
        }
        long bytes = msg instanceof HttpContent content ? content.content().readableBytes() : 0;
        long fresh;
        synchronized (this) {
            long counted = Math.min(bytes, produced);
            produced -= counted;
            fresh = bytes - counted;
        }
        if (fresh > 0 && budget.exhausted(owner) && msg instanceof HttpResponse && bytes >= LARGE_BYTES) {
            budget.sent(owner, bytes - fresh);
            dropping = !(msg instanceof LastHttpContent);
            ReferenceCountUtil.release(msg);
            promise.trySuccess();
            ctx.writeAndFlush(refusal(owner)).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (fresh > 0 && budget.exhausted(owner) && !ctx.channel().isWritable()) {
            budget.sent(owner, bytes - fresh);
            ReferenceCountUtil.release(msg);
            promise.tryFailure(new ClosedChannelException());
            ctx.close();
            return;
        }
        if (bytes == 0) {
            ctx.write(msg, promise);
            return;
        }
        budget.written(owner, fresh);
        ChannelPromise counted = ctx.newPromise();
        // Completes once the socket took the bytes, or fails when the connection closes with them unsent.
        counted.addListener(done -> {
            budget.sent(owner, bytes);
            if (done.isSuccess()) {
                promise.trySuccess();
            } else {
                promise.tryFailure(done.cause());
            }
        });
        ctx.write(msg, counted);
    }

    private synchronized void closed() {
        closed = true;
        release();
    }

    private void release() {
        if (produced > 0) {
            budget.sent(producedFor, produced);
            produced = 0;
        }
    }

    private FullHttpResponse refusal(String owner) {
        String message = budget.refusal(owner) + "; this response was not sent";
        byte[] body = HttpRefusal.body(mcp, "busy", "response", -32000, message).encode()
                .getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.TOO_MANY_REQUESTS, Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length).set(HttpHeaderNames.RETRY_AFTER, "1")
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return response;
    }
}
