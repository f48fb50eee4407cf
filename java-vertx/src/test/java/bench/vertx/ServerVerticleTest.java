package bench.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.Environment;
import bench.vertx.chat.ChatRooms;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.mysqlclient.MySQLBuilder;
import io.vertx.sqlclient.Pool;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The route table over real HTTP: status, headers and error bodies of the routes that need no database. */
@ExtendWith(VertxExtension.class)
class ServerVerticleTest {
    private int port;
    private HttpClient client;

    @BeforeEach
    void deploy(Vertx vertx, VertxTestContext test) throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Environment config = Fixtures.config(port);
        Pool pool = MySQLBuilder.pool().using(vertx).build(); // never connects: no route here reaches it
        client = vertx.createHttpClient();
        vertx.deployVerticle(new ServerVerticle(config, pool, ChatRooms.create(ChatFanout.DIRECT, vertx)))
                .onComplete(test.succeedingThenComplete());
    }

    private Future<HttpClientResponse> send(HttpMethod method, String path, Map<String, String> headers, Buffer body) {
        RequestOptions options = new RequestOptions()
                .setMethod(method)
                .setPort(port)
                .setHost("127.0.0.1")
                .setURI(path);
        headers.forEach(options::putHeader);
        return client.request(options)
                .compose(request -> request.send(body))
                .compose(r -> r.body().map(b -> r));
    }

    @Test
    void hello(VertxTestContext test) {
        send(HttpMethod.GET, "/hello", Map.of(), Buffer.buffer())
                .onComplete(test.succeeding(r -> test.verify(() -> {
                    assertEquals(200, r.statusCode());
                    assertEquals("text/plain; charset=utf-8", r.getHeader("Content-Type"));
                    assertEquals("13", r.getHeader("Content-Length"));
                    assertNotNull(r.getHeader("Date"));
                    test.completeNow();
                })));
    }

    @Test
    void unknownRouteAndWrongMethod(VertxTestContext test) {
        send(HttpMethod.GET, "/nope", Map.of(), Buffer.buffer())
                .compose(r -> {
                    assertEquals(404, r.statusCode());
                    assertEquals("application/json", r.getHeader("Content-Type"));
                    return send(HttpMethod.PUT, "/event", Map.of(), Buffer.buffer("{}"));
                })
                .onComplete(test.succeeding(r -> test.verify(() -> {
                    assertEquals(405, r.statusCode());
                    assertEquals("POST", r.getHeader("Allow"));
                    test.completeNow();
                })));
    }

    @Test
    void mediaTypeBeforeSizeThenEcho(VertxTestContext test) {
        Buffer tooBig = Buffer.buffer(new byte[Bodies.MAX_BODY_BYTES + 1]);
        send(HttpMethod.POST, "/event", Map.of("Content-Type", "text/plain"), tooBig)
                .compose(r -> {
                    assertEquals(415, r.statusCode());
                    return send(
                            HttpMethod.POST,
                            "/event",
                            Map.of("Content-Type", "Application/JSON; charset=utf-8"),
                            Buffer.buffer("{\"teams\":[],\"eventName\":\"x\",\"extra\":1}"));
                })
                .onComplete(test.succeeding(r -> test.verify(() -> {
                    assertEquals(200, r.statusCode());
                    r.body()
                            .onSuccess(body -> test.verify(() -> {
                                assertEquals(new JsonObject("{\"eventName\":\"x\",\"teams\":[]}"), body.toJsonObject());
                                test.completeNow();
                            }));
                })));
    }

    /** What Route.consumes would let through (see Bodies.requireMediaType): a wildcard, a type without a slash. */
    @Test
    void wildcardAndSlashlessContentTypesAreUnsupported(VertxTestContext test) {
        send(HttpMethod.POST, "/event", Map.of("Content-Type", "application/*"), Buffer.buffer("{}"))
                .compose(r -> r.body().map(body -> {
                    assertEquals(415, r.statusCode());
                    assertEquals(
                            "Content-Type must be application/json",
                            body.toJsonObject().getString("error"));
                    return r;
                }))
                .compose(r -> send(HttpMethod.POST, "/bookings", Map.of("Content-Type", "json"), Buffer.buffer("{}")))
                .compose(r -> r.body().map(body -> {
                    assertEquals(415, r.statusCode());
                    assertEquals(
                            "Content-Type must be application/x-protobuf or application/json",
                            body.toJsonObject().getString("error"));
                    return r;
                }))
                .onComplete(test.succeedingThenComplete());
    }

    /** Routes match the path as sent: no decoding, no normalisation, no trailing slash, no ";" parameters. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "/hello/",
                "//hello",
                "/%68ello",
                "/hello;x",
                "/health;",
                "/Hello",
                "/aggregates/",
                "/static/../hello",
                "/static/%2e%2e/hello",
                "/static/%",
                "/static/%zz",
                "/static/hello.txt%",
                "/static;x/hello.txt"
            })
    void onlyTheExactPathIsARoute(String path, VertxTestContext test) {
        send(HttpMethod.GET, path, Map.of(), Buffer.buffer())
                .onComplete(test.succeeding(r -> test.verify(() -> {
                    assertTrue(r.statusCode() == 404 || r.statusCode() == 400 && path.startsWith("/static/"), path);
                    assertEquals("application/json", r.getHeader("Content-Type"), path);
                    r.body()
                            .onSuccess(body -> test.verify(() -> {
                                assertNotNull(body.toJsonObject().getString("error"), path);
                                test.completeNow();
                            }));
                })));
    }

    /** Every path under /static/ is the static route: another method gets 405 before the path is looked at. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "DELETE /static/hello.txt/",
                "PATCH /static/hello.txt/",
                "POST /static/hello.txt/",
                "PUT /static/x/",
                "POST /static/",
                "DELETE /static//x",
                "PUT /static/%zz",
                "POST /static/%2e%2e/hello",
                "OPTIONS /static/sub/",
                "POST /static/no-such-file"
            })
    void anyStaticPathWithAnotherMethodIs405(String request, VertxTestContext test) {
        String[] parts = request.split(" ");
        send(HttpMethod.valueOf(parts[0]), parts[1], Map.of(), Buffer.buffer())
                .onComplete(test.succeeding(r -> test.verify(() -> {
                    assertEquals(405, r.statusCode(), request);
                    assertEquals("GET, HEAD", r.getHeader("Allow"), request);
                    test.completeNow();
                })));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/static/", "/static/sub/", "/static/hello.txt/"})
    void aStaticPathWithATrailingSlashIsNotFound(String path, VertxTestContext test) {
        send(HttpMethod.GET, path, Map.of(), Buffer.buffer())
                .onComplete(test.succeeding(r -> test.verify(() -> {
                    assertEquals(404, r.statusCode(), path);
                    assertEquals("application/json", r.getHeader("Content-Type"), path);
                    test.completeNow();
                })));
    }

    @Test
    void anEmptyContentTypeIsUnsupported(VertxTestContext test) {
        send(HttpMethod.POST, "/event", Map.of("Content-Type", ""), Buffer.buffer("{}"))
                .onComplete(test.succeeding(r -> test.verify(() -> {
                    assertEquals(415, r.statusCode());
                    test.completeNow();
                })));
    }

    @Test
    void aMalformedQueryIsBadRequestNotAFailure(VertxTestContext test) {
        send(HttpMethod.GET, "/aggregates?model=%zz", Map.of(), Buffer.buffer())
                .onComplete(test.succeeding(r -> test.verify(() -> {
                    assertEquals(400, r.statusCode());
                    assertEquals("application/json", r.getHeader("Content-Type"));
                    test.completeNow();
                })));
    }
}
