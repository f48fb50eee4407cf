package bench.play;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import play.Mode;
import play.api.mvc.Handler;
import play.libs.streams.Accumulator;
import play.mvc.EssentialAction;
import play.mvc.Http;
import play.mvc.Results;
import play.routing.Router;
import play.server.Server;

/**
 * The server application.conf names (play.server.provider), over raw sockets: a method of the IANA registry reaches
 * the router, which here answers with the method it got; any other token is still Pekko's 501, in JSON.
 */
class PekkoServerTest {
    private static Server server;

    @BeforeAll
    static void start() {
        Handler echoMethod = EssentialAction.of(request -> Accumulator.done(Results.ok(request.method())));
        server = Server.forRouter(Mode.TEST, 0, components -> new Router() {
            @Override
            public Optional<Handler> route(Http.RequestHeader request) {
                return Optional.of(echoMethod);
            }

            @Override
            public List<RouteDocumentation> documentation() {
                return List.of();
            }

            @Override
            public Router withPrefix(String prefix) {
                return this;
            }
        });
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @ParameterizedTest
    @ValueSource(strings = {"PROPFIND", "MKCOL", "QUERY", "UPDATEREDIRECTREF"})
    void aRegisteredMethodReachesTheRoutes(String method) throws IOException {
        String answer = exchange(method + " /x HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
        assertTrue(answer.endsWith("\r\n\r\n" + method), answer);
    }

    @Test
    void anotherTokenIsStillPekkos501InJson() throws IOException {
        String answer = exchange("BREW /x HTTP/1.1\r\nHost: test\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 501 "), answer);
        assertTrue(answer.contains("\r\nDate: "), answer);
        assertTrue(answer.endsWith("\r\n\r\n{\"error\":\"Request failed\"}"), answer);
    }

    /** Writes the request and reads until the server closes the connection. */
    private static String exchange(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.httpPort())) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
