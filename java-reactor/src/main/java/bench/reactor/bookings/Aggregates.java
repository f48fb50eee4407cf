package bench.reactor.bookings;

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
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * GET /aggregates?model=&trim=: an absent parameter does not filter, a present one (even empty) filters by
 * the column's binary collation. The order is the database's (ORDER BY), never re-sorted here.
 */
public final class Aggregates {

    private static final ObjectWriter WRITER =
            JsonMapper.builder().build().writerFor(new TypeReference<List<Aggregate>>() {});

    private final ConnectionPool pool;

    public Aggregates(ConnectionPool pool) {
        this.pool = pool;
    }

    record Aggregate(String model, String trim, int fiscalPeriodId, String totalDollarAmount, int version) {}

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
        Map<String, String> filters = new LinkedHashMap<>();
        for (String column : List.of("model", "trim")) {
            List<String> values = parameters.get(column);
            if (values != null && values.size() > 1) {
                throw HttpError.badRequest(column + " may be given once");
            }
            if (values != null && !values.isEmpty()) {
                filters.put(column, values.getFirst());
            }
        }
        return filters;
    }

    private static Mono<List<Aggregate>> query(Connection c, Map<String, String> filters) {
        List<String> where = new ArrayList<>();
        filters.keySet().forEach(column -> where.add(column + " = ?"));
        String sql = "SELECT model, trim, fiscal_period_id, total_dollar_amount, version FROM aggregates"
                + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                + " ORDER BY model, trim, fiscal_period_id";
        Statement statement = c.createStatement(sql);
        int index = 0;
        for (String value : filters.values()) {
            statement.bind(index++, value);
        }
        return Flux.from(statement.execute())
                .flatMap(result -> result.map((row, meta) -> new Aggregate(
                        row.get("model", String.class),
                        row.get("trim", String.class),
                        row.get("fiscal_period_id", Integer.class),
                        row.get("total_dollar_amount", BigDecimal.class)
                                .setScale(2)
                                .toPlainString(),
                        row.get("version", Integer.class))))
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
