package bench.contract;

import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.core.util.RecyclerPool;

/**
 * Where the contract's JSON readers and writers take Jackson's buffers from. Jackson 2's default pool keeps one set
 * per thread, which is best on an event loop or a worker pool, and useless on a virtual thread per request (the
 * stack of Tomcat on virtual threads): each request would allocate its parser's and generator's buffers afresh. So
 * a platform thread keeps its own, and virtual threads share a pool; a set goes back to the pool it came from.
 */
public final class JsonBuffers implements RecyclerPool<BufferRecycler> {

    /** One for every factory: the virtual threads' pool is shared by all. */
    public static final JsonBuffers POOL = new JsonBuffers();

    private final RecyclerPool<BufferRecycler> perThread = JsonRecyclerPools.threadLocalPool();
    private final RecyclerPool<BufferRecycler> shared = JsonRecyclerPools.newConcurrentDequePool();

    private JsonBuffers() {}

    private RecyclerPool<BufferRecycler> current() {
        return Thread.currentThread().isVirtual() ? shared : perThread;
    }

    /** Linked to the pool it came from, which {@link BufferRecycler#releaseToPool()} gives it back to. */
    @Override
    public BufferRecycler acquireAndLinkPooled() {
        return current().acquireAndLinkPooled();
    }

    @Override
    public BufferRecycler acquirePooled() {
        return current().acquirePooled();
    }

    @Override
    public void releasePooled(BufferRecycler recycler) {
        current().releasePooled(recycler);
    }
}
