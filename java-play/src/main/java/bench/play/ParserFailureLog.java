package bench.play;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * Keeps out of the log the one failure a client can cause at will below Play: an HTTP/1.0 request with a chunked
 * body, which Pekko HTTP's parser passes and its {@code HttpRequest} then refuses, logging two stack traces per
 * request before answering 500 (a deviation in stack.json). The contract logs nothing per request (spec/API.md §1.3).
 */
public final class ParserFailureLog extends Filter<ILoggingEvent> {

    static final String CHUNKED_HTTP_10 = "HTTP/1.0 requests must not have a chunked entity";

    @Override
    public FilterReply decide(ILoggingEvent event) {
        return caused(event.getThrowableProxy()) || event.getFormattedMessage().contains(CHUNKED_HTTP_10)
                ? FilterReply.DENY
                : FilterReply.NEUTRAL;
    }

    private static boolean caused(IThrowableProxy thrown) {
        for (IThrowableProxy t = thrown; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains(CHUNKED_HTTP_10)) return true;
        }
        return false;
    }
}
