package bench.aio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.CompletionHandler;

/**
 * One client connection: read, answer every whole request received in order with one write, read again. A request
 * split across reads waits in the input buffer for the rest; pipelined requests are answered in the order they came;
 * a client that closes or resets the connection, at any point, only closes it here. Nothing is logged per
 * connection. At most one read or one write is pending at a time, so the buffers need no lock: each completion runs
 * after the operation it completes.
 */
final class Connection {

    private final AsynchronousSocketChannel channel;
    private final ByteBuffer in = ByteBuffer.allocate(2 * RequestHead.MAX_HEAD);
    private final ByteBuffer out = ByteBuffer.allocate(64 * Responses.MAX);
    /** Bytes of the last request's body not received yet: skipped, never read. */
    private long skip;
    /** The last answer written ends the connection. */
    private boolean closing;

    Connection(AsynchronousSocketChannel channel) {
        this.channel = channel;
    }

    void start() {
        channel.read(in, this, READ);
    }

    /** Answers the whole requests in the input buffer, as many as the output buffer holds; else reads on. */
    private void answer() {
        in.flip();
        while (!closing && in.hasRemaining() && out.remaining() >= Responses.MAX) {
            if (skip > 0) {
                int skipped = (int) Math.min(skip, in.remaining());
                in.position(in.position() + skipped);
                skip -= skipped;
                continue;
            }
            RequestHead request = RequestHead.parse(in.array(), in.position(), in.limit());
            if (request == null) break;
            in.position(in.position() + request.length());
            skip = request.bodyLength();
            Responses.write(out, request);
            closing = !request.keepAlive();
        }
        in.compact();
        if (out.position() == 0) {
            channel.read(in, this, READ);
            return;
        }
        out.flip();
        channel.write(out, this, WRITE);
    }

    private void written() {
        if (out.hasRemaining()) {
            channel.write(out, this, WRITE);
            return;
        }
        out.clear();
        if (closing) close();
        else answer();
    }

    private void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closed already, or reset by the client: nothing left to do either way
        }
    }

    private static final CompletionHandler<Integer, Connection> READ = new CompletionHandler<>() {
        @Override
        public void completed(Integer read, Connection c) {
            if (read < 0) c.close();
            else c.answer();
        }

        @Override
        public void failed(Throwable error, Connection c) {
            c.close();
        }
    };

    private static final CompletionHandler<Integer, Connection> WRITE = new CompletionHandler<>() {
        @Override
        public void completed(Integer written, Connection c) {
            c.written();
        }

        @Override
        public void failed(Throwable error, Connection c) {
            c.close();
        }
    };
}
