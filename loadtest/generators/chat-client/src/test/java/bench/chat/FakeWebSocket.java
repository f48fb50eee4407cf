package bench.chat;

import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A WebSocket that records what is sent and completes each send only when the test says so. */
final class FakeWebSocket implements WebSocket {
    final List<String> texts = new ArrayList<>();
    final List<CompletableFuture<WebSocket>> pending = new ArrayList<>();

    @Override
    public CompletableFuture<WebSocket> sendText(CharSequence data, boolean last) {
        texts.add(data.toString());
        CompletableFuture<WebSocket> f = new CompletableFuture<>();
        pending.add(f);
        return f;
    }

    /** Completes the oldest send still pending. */
    void completeNext() {
        pending.remove(0).complete(this);
    }

    void failNext(Throwable error) {
        pending.remove(0).completeExceptionally(error);
    }

    @Override
    public CompletableFuture<WebSocket> sendBinary(ByteBuffer data, boolean last) {
        throw new UnsupportedOperationException();
    }

    @Override
    public CompletableFuture<WebSocket> sendPing(ByteBuffer message) {
        throw new UnsupportedOperationException();
    }

    @Override
    public CompletableFuture<WebSocket> sendPong(ByteBuffer message) {
        throw new UnsupportedOperationException();
    }

    @Override
    public CompletableFuture<WebSocket> sendClose(int statusCode, String reason) {
        return CompletableFuture.completedFuture(this);
    }

    @Override
    public void request(long n) {}

    @Override
    public String getSubprotocol() {
        return "";
    }

    @Override
    public boolean isOutputClosed() {
        return false;
    }

    @Override
    public boolean isInputClosed() {
        return false;
    }

    @Override
    public void abort() {}
}
