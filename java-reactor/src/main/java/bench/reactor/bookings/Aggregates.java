package bench.reactor.bookings;

import bench.contract.bookings.Aggregate;
import bench.reactor.Database;
import bench.reactor.Http;
import bench.reactor.HttpError;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * GET /aggregates?model=&trim= (spec/API.md §6.8): the filters, the query and the rows are java-contract's
 * {@link Aggregate}; here the query string is decoded, the statement run on the pool and the rows written as JSON.
 */
public final class Aggregates {

    private static final ObjectWriter WRITER =
            JsonMapper.builder().build().writerFor(new TypeReference<List<Aggregate>>() {});

    private final ConnectionPool pool;

    public Aggregates(ConnectionPool pool) {
        this.pool = pool;
    }

    public Publisher<Void> get(HttpServerRequest req, HttpServerResponse res) {
        return Http.respond(
                res,
                Mono.fromCallable(() -> filters(req.uri()))
                        .flatMap(filters -> Mono.usingWhen(
                                pool.create().timeout(Database.ACQUIRE_TIMEOUT),
                                c -> query(c, filters),
                                Connection::close))
                        .map(Aggregates::json)
                        .flatMap(body -> Mono.from(Http.json(res, HttpResponseStatus.OK, body))));
    }

    private static Map<String, String> filters(String uri) {
        Map<String, List<String>> parameters;
        try {
            parameters = new QueryStringDecoder(uri, StandardCharsets.UTF_8).parameters();
        } catch (IllegalArgumentException e) {
            throw HttpError.badRequest("Malformed query string");
        }
        return Aggregate.filters(column -> parameters.getOrDefault(column, List.of()));
    }

    private static Mono<List<Aggregate>> query(Connection c, Map<String, String> filters) {
        Statement statement = c.createStatement(Aggregate.sql(filters.keySet()));
        int index = 0;
        for (String value : filters.values()) {
            statement.bind(index++, value);
        }
        return Flux.from(statement.execute())
                .flatMap(result -> result.map((row, meta) -> Aggregate.read(row::get)))
                .collectList();
    }

    private static byte[] json(List<Aggregate> aggregates) {
        try {
            return WRITER.writeValueAsBytes(aggregates);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("aggregates always serialize", e);
        }
    }
}
