package bench.contract;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.core.util.BufferRecycler;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class JsonBuffersTest {

    @Test
    void aPlatformThreadKeepsItsOwnBuffers() {
        BufferRecycler first = JsonBuffers.POOL.acquireAndLinkPooled();
        first.releaseToPool();
        assertSame(first, JsonBuffers.POOL.acquireAndLinkPooled());
    }

    @Test
    void virtualThreadsShareThePoolTheirBuffersGoBackTo() throws InterruptedException {
        AtomicReference<BufferRecycler> released = new AtomicReference<>();
        AtomicReference<BufferRecycler> reused = new AtomicReference<>();
        AtomicReference<BufferRecycler> platform = new AtomicReference<>(JsonBuffers.POOL.acquireAndLinkPooled());
        Thread.ofVirtual()
                .start(() -> {
                    BufferRecycler buffers = JsonBuffers.POOL.acquireAndLinkPooled();
                    buffers.releaseToPool();
                    released.set(buffers);
                })
                .join();
        Thread.ofVirtual()
                .start(() -> reused.set(JsonBuffers.POOL.acquireAndLinkPooled()))
                .join();
        assertSame(released.get(), reused.get(), "a later virtual thread takes what an earlier one gave back");
        assertNotSame(platform.get(), reused.get());
    }
}
