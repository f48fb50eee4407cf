package bench.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import org.junit.jupiter.api.Test;

class ParserFailureLogTest {

    private final LoggerContext context = new LoggerContext();

    private LoggingEvent event(String message, Throwable thrown) {
        return new LoggingEvent(
                "test",
                context.getLogger("org.apache.pekko.actor.RepointableActorRef"),
                Level.ERROR,
                message,
                thrown,
                null);
    }

    @Test
    void pekkosRefusalOfAChunkedHttp10RequestIsKeptOut() {
        var refusal = new IllegalArgumentException("requirement failed: " + ParserFailureLog.CHUNKED_HTTP_10);
        var filter = new ParserFailureLog();
        assertEquals(
                FilterReply.DENY,
                filter.decide(event("Error in stage [HttpServerBluePrint$PrepareRequests]", refusal)));
        assertEquals(
                FilterReply.DENY,
                filter.decide(event("Error in stage: requirement failed: " + ParserFailureLog.CHUNKED_HTTP_10, null)));
        assertEquals(FilterReply.DENY, filter.decide(event("wrapped", new RuntimeException("stage failed", refusal))));
    }

    @Test
    void everyOtherErrorIsLogged() {
        var filter = new ParserFailureLog();
        assertEquals(
                FilterReply.NEUTRAL,
                filter.decide(event("Error in stage", new IllegalArgumentException("requirement failed: x"))));
        assertEquals(FilterReply.NEUTRAL, filter.decide(event("database down", null)));
    }

    /** The filter is the appender's, so the log configuration the application starts with is the one tested here. */
    @Test
    void theApplicationsLogConfigurationUsesIt() throws Exception {
        try (var in = getClass().getResourceAsStream("/logback.xml")) {
            assertTrue(new String(in.readAllBytes()).contains("<filter class=\"bench.play.ParserFailureLog\"/>"));
        }
    }
}
