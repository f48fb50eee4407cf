package bench.reactor;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * Netty's adaptive allocator grows its magazines under a StampedLock held for a few instructions; Netty's
 * own BlockHound integration does not list it yet, so BlockHound reports the (uncontended, bounded) park as a
 * blocking call. Allowed here, in the tests only, and only that method.
 */
public final class NettyAllocatorIntegration implements BlockHoundIntegration {

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.allowBlockingCallsInside(
                "io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup", "tryExpandMagazines");
    }
}
