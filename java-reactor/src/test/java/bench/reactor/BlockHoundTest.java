package bench.reactor;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * blockhound-junit-platform installs BlockHound before the first test; this proves it is active, so that
 * ServerTest's requests would fail on any blocking call made on a reactor-netty or Reactor thread.
 */
class BlockHoundTest {

    @Test
    void aBlockingCallOnANonBlockingThreadFails() {
        Throwable failure = assertThrows(
                Throwable.class,
                () -> Mono.delay(Duration.ofMillis(1))
                        .publishOn(Schedulers.parallel())
                        .doOnNext(tick -> sleep())
                        .block(Duration.ofSeconds(5)));
        Throwable cause = failure;
        while (cause != null && !(cause instanceof BlockingOperationError)) {
            cause = cause.getCause();
        }
        assertInstanceOf(BlockingOperationError.class, cause, "BlockHound is not installed");
    }

    private static void sleep() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
