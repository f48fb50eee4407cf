package bench.play;

import org.apache.pekko.event.LoggingAdapter;
import org.apache.pekko.http.ParsingErrorHandler;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.scaladsl.model.ErrorInfo;
import org.apache.pekko.http.scaladsl.model.StatusCode;
import org.apache.pekko.http.scaladsl.settings.ServerSettings;

/**
 * The answer to a request Pekko HTTP cannot parse into a request at all, so that it never reaches Play: a malformed
 * escape in the path ("/static/%zz"), a second Host header, a broken request line, a head over one of the limits of
 * spec/API.md §1.6. Pekko's default answers those with a text/plain body and logs a warning per request; the contract
 * wants the JSON error body of every other 4xx and no log line for a client's mistake. Named by
 * pekko.http.server.parsing.error-handler in application.conf.
 */
public final class ParsingErrors extends ParsingErrorHandler {
    @Override
    public HttpResponse handle(StatusCode status, ErrorInfo info, LoggingAdapter log, ServerSettings settings) {
        int code = tooManyFields(info, settings) ? 431 : status.intValue();
        String body = "{\"error\":\"" + Errors.standardMessage(code) + "\"}";
        return HttpResponse.create().withStatus(code).withEntity(ContentTypes.APPLICATION_JSON, body);
    }

    /**
     * Pekko refuses a field past max-header-count with 400 (HttpMessageParser.parseHeaderLines), where §1.6 wants 431;
     * its message is the only thing that tells this refusal from the other 400s.
     */
    static boolean tooManyFields(ErrorInfo info, ServerSettings settings) {
        return info.summary()
                .equals("HTTP message contains more than the configured limit of "
                        + settings.parserSettings().maxHeaderCount() + " headers");
    }
}
