package dev.codeexec.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A tenant's response bytes written and not yet taken by the socket are held to its budget: a connection's writes
 * that are not flushed stand for a client that does not read.
 */
class UnsentResponsesTest {

    private static final long BUDGET = 100 * 1024;

    private final ResponseBudget budget = new ResponseBudget(Optional.of(BUDGET), 0);

    @Test
    void aLargeResponsePastTheBudgetIsRefusedWhileAnotherTenantsIsSent() {
        EmbeddedChannel unread = connection("acme");
        unread.write(response(120 * 1024));
        assertEquals(120 * 1024, budget.unsent("acme"));

        EmbeddedChannel next = connection("acme");
        next.writeAndFlush(response(80 * 1024));
        String refused = outbound(next);
        assertTrue(refused.startsWith("HTTP/1.1 429 Too Many Requests"), refused);
        assertTrue(refused.contains("retry-after: 1"), refused);
        assertTrue(refused.contains("\"error\":\"busy\",\"field\":\"response\""), refused);
        assertTrue(refused.contains(
                "at most 102400 bytes of responses unsent (codeexec.http.max-response-bytes-unsent)"), refused);
        assertFalse(next.isOpen(), "the refused response's connection stayed open");

        EmbeddedChannel other = connection("globex");
        other.writeAndFlush(response(120 * 1024));
        assertTrue(outbound(other).startsWith("HTTP/1.1 200 OK"));

        EmbeddedChannel small = connection("acme");
        small.writeAndFlush(response(1024));
        assertTrue(outbound(small).startsWith("HTTP/1.1 200 OK"), "a small response was refused");

        unread.flush();
        assertEquals(0, budget.unsent("acme"));
        EmbeddedChannel after = connection("acme");
        after.writeAndFlush(response(80 * 1024));
        assertTrue(outbound(after).startsWith("HTTP/1.1 200 OK"), "the budget did not come back");
    }

    @Test
    void aBackedUpResponseUnderWayLosesItsConnectionPastTheBudgetAndASteadyOneGoesOn() {
        EmbeddedChannel stalled = connection("acme");
        stalled.config().setWriteBufferWaterMark(new WriteBufferWaterMark(1024, 2048));
        stalled.write(streamedHead());
        stalled.write(new DefaultHttpContent(bytes(120 * 1024)));
        assertFalse(stalled.isWritable());

        EmbeddedChannel steady = connection("acme");
        steady.writeAndFlush(streamedHead());
        steady.writeAndFlush(new DefaultHttpContent(bytes(8 * 1024)));
        assertTrue(steady.isOpen(), "a connection whose client keeps up was closed");
        assertEquals(120 * 1024, budget.unsent("acme"));

        stalled.write(new DefaultHttpContent(bytes(8 * 1024)));
        assertFalse(stalled.isOpen(), "the backed-up connection stayed open past the budget");
        assertEquals(0, budget.unsent("acme"), "a closed connection's bytes were not given back");
    }

    @Test
    void bytesMadeOnARequestThreadAreCountedBeforeTheyAreWritten() throws Exception {
        EmbeddedChannel channel = new EmbeddedChannel();
        UnsentResponses counter = new UnsentResponses(budget);
        channel.pipeline().addLast(new HttpResponseEncoder(), counter);
        counter.answering("acme", false);

        assertTrue(counter.produce("acme", 120 * 1024));
        assertFalse(counter.produce("acme", 1), "bytes past the budget were taken");
        assertTrue(new UnsentResponses(budget).produce("globex", 1), "another tenant's bytes were refused");
        assertFalse(budget.awaitRoom("acme", Duration.ZERO), "a tenant whose clients read nothing got room");

        channel.writeAndFlush(response(120 * 1024));
        assertEquals(0, budget.unsent("acme"), "bytes counted when made were counted again when written");
        assertTrue(budget.awaitRoom("acme", Duration.ZERO));

        assertTrue(counter.produce("acme", 50 * 1024));
        channel.close();
        assertEquals(0, budget.unsent("acme"), "bytes made for a connection that closed were not given back");
    }

    @Test
    void theDefaultIsASixteenthOfDirectMemoryAndAtLeastOneMebibyte() {
        assertEquals(20L << 20, new ResponseBudget(Optional.empty(), 320L << 20).perTenant());
        assertEquals(1L << 20, new ResponseBudget(Optional.empty(), 8L << 20).perTenant());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new ResponseBudget(Optional.of(0L), 320L << 20));
        assertTrue(e.getMessage().startsWith("codeexec.http.max-response-bytes-unsent must be at least 1 byte"));
    }

    private EmbeddedChannel connection(String tenant) {
        UnsentResponses counter = new UnsentResponses(budget);
        EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseEncoder(), counter);
        counter.answering(tenant, false);
        return channel;
    }

    private static DefaultFullHttpResponse response(int length) {
        DefaultFullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                bytes(length));
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, length);
        return response;
    }

    private static DefaultHttpResponse streamedHead() {
        DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        return head;
    }

    private static ByteBuf bytes(int length) {
        return Unpooled.wrappedBuffer(new byte[length]);
    }

    private static String outbound(EmbeddedChannel channel) {
        StringBuilder text = new StringBuilder();
        for (Object msg = channel.readOutbound(); msg != null; msg = channel.readOutbound()) {
            ByteBuf buf = (ByteBuf) msg;
            text.append(buf.toString(StandardCharsets.ISO_8859_1));
            buf.release();
        }
        return text.toString();
    }
}
