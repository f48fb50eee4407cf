package bench.play;

import java.util.List;
import org.apache.pekko.http.scaladsl.model.HttpMethod;
import org.apache.pekko.http.scaladsl.settings.ParserSettings;
import play.core.server.PekkoHttpServer;
import play.core.server.Server;
import play.core.server.ServerProvider;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Play's Pekko HTTP server with the methods of the IANA HTTP Method Registry made known to its parser, the way Play's
 * documentation customizes that server ("Custom Pekko HTTP server"): named by {@code play.server.provider} in
 * application.conf. Pekko's parser knows only the methods Pekko defines (RFC 9110's and PATCH) and refuses any other
 * with 501 before Play sees the request; a registered one reaches the routes, which answer 405 with Allow on a known
 * path and 404 on an unknown one (spec/API.md §1.6). Pekko takes custom methods as a list, not a lookup, so a token
 * outside it (BREW, get) still gets the parser's 501: a deviation in stack.json.
 */
public final class PekkoServer extends PekkoHttpServer {
    /** The registry's methods Pekko does not define itself; PRI only ever opens an HTTP/2 connection. */
    static final List<String> REGISTERED_METHODS =
            List.of(("ACL BASELINE-CONTROL BIND CHECKIN CHECKOUT COPY LABEL LINK LOCK MERGE MKACTIVITY MKCALENDAR MKCOL"
                            + " MKREDIRECTREF MKWORKSPACE MOVE ORDERPATCH PROPFIND PROPPATCH QUERY REBIND REPORT SEARCH"
                            + " UNBIND UNCHECKOUT UNLINK UNLOCK UPDATE UPDATEREDIRECTREF VERSION-CONTROL")
                    .split(" "));

    private PekkoServer(PekkoHttpServer.Context context) {
        super(context);
    }

    @Override
    public ParserSettings createParserSettings() {
        ParserSettings settings = super.createParserSettings();
        List<HttpMethod> methods =
                REGISTERED_METHODS.stream().map(HttpMethod::custom).toList();
        // The parser reads a method of at most max-method-length - 1 characters (the space after it counts).
        int longest = REGISTERED_METHODS.stream().mapToInt(String::length).max().orElse(0);
        return settings.withCustomMethods(CollectionConverters.asScala(methods).toList())
                .withMaxMethodLength(Math.max(settings.maxMethodLength(), longest + 1));
    }

    /** What play.server.provider names: Play's own provider, building this server instead. */
    public static final class Provider implements ServerProvider {
        @Override
        public Server createServer(ServerProvider.Context context) {
            return new PekkoServer(new PekkoHttpServer.Context(
                    context.config(),
                    context.appProvider(),
                    context.actorSystem(),
                    context.materializer(),
                    context.stopHook()));
        }
    }
}
