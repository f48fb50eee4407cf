package bench.play;

import java.util.List;
import play.http.HandlerForRequest;
import play.http.HttpRequestHandler;
import play.libs.streams.Accumulator;
import play.mvc.EssentialAction;
import play.mvc.Http;
import scala.Tuple2;
import scala.collection.Iterator;

/**
 * The header section's limit of spec/API.md §1.6 (over 16,384 bytes: 431, then close), which Pekko HTTP has no
 * setting for: it limits each field and the number of fields (application.conf), not their sum. Play's request
 * handler, wrapped, so that it runs before anything else of the request: the routes, the actions, the body.
 */
final class HeaderSectionLimit implements HttpRequestHandler {
    static final int MAX_BYTES = 16_384;

    /**
     * The fields Pekko HTTP puts in front of the client's on the settings Play's server gives it: its request timeout,
     * the peer, the target as sent, the TLS session.
     */
    private static final List<String> ADDED_BY_SERVER =
            List.of("Timeout-Access", "Remote-Address", "Raw-Request-URI", "Tls-Session-Info");

    private static final EssentialAction TOO_LARGE = EssentialAction.of(request ->
            Accumulator.done(Errors.of(431, Errors.standardMessage(431)).withHeader("Connection", "close")));

    private final HttpRequestHandler next;

    HeaderSectionLimit(HttpRequestHandler next) {
        this.next = next;
    }

    @Override
    public HandlerForRequest handlerForRequest(Http.RequestHeader request) {
        return bytes(request) > MAX_BYTES ? new HandlerForRequest(request, TOO_LARGE) : next.handlerForRequest(request);
    }

    /**
     * The section as sent, from the fields as Pekko parsed them: each {@code name: value} and its CRLF (Pekko trims
     * the whitespace around a value). The first field of each name the server adds is not counted. Content-Type,
     * Content-Length and Transfer-Encoding, which Pekko keeps with the body, Play puts back, and they count.
     */
    static long bytes(Http.RequestHeader request) {
        long bytes = 0;
        int skipped = 0; // a bit per name of ADDED_BY_SERVER
        for (Iterator<Tuple2<String, String>> fields =
                        request.asScala().headers().headers().iterator();
                fields.hasNext(); ) {
            Tuple2<String, String> field = fields.next();
            int added = ADDED_BY_SERVER.indexOf(field._1());
            if (added >= 0 && (skipped & 1 << added) == 0) {
                skipped |= 1 << added;
            } else {
                bytes += field._1().length() + 2 + field._2().length() + 2;
            }
        }
        return bytes;
    }
}
