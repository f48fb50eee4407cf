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
 * escape in the path ("/static/%zz"), a second Host header, a broken request line. Pekko's default answers those
 * with a text/plain 400 and logs a warning per request; the contract wants the JSON error body of every other 4xx
 * and no log line for a client's mistake. Named by pekko.http.server.parsing.error-handler in application.conf.
 */
public final class ParsingErrors extends ParsingErrorHandler {
    @Override
    public HttpResponse handle(StatusCode status, ErrorInfo info, LoggingAdapter log, ServerSettings settings) {
        String body = "{\"error\":\"" + Errors.standardMessage(status.intValue()) + "\"}";
        return HttpResponse.create().withStatus(status.intValue()).withEntity(ContentTypes.APPLICATION_JSON, body);
    }
}
