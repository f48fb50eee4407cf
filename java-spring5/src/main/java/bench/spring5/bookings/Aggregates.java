package bench.spring5.bookings;

import bench.contract.bookings.Aggregate;
import bench.spring5.HttpError;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * GET /aggregates?model=&trim= (spec/API.md §6.8): an absent parameter does not filter, a present one (even empty)
 * filters by the column's binary collation, a repeated one is a 400. Each row is java-contract's {@link Aggregate}.
 */
@Component
public class Aggregates {

    private final DatabaseClient db;

    Aggregates(DatabaseClient db) {
        this.db = db;
    }

    public Mono<ServerResponse> get(ServerRequest request) {
        String model = filter(request, "model");
        String trim = filter(request, "trim");
        return ServerResponse.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .body(query(model, trim).collectList(), List.class);
    }

    private static @Nullable String filter(ServerRequest request, String name) {
        List<String> values = request.queryParams().getOrDefault(name, List.of());
        if (values.size() > 1) {
            throw HttpError.badRequest(name + " may be given once");
        }
        return values.isEmpty() ? null : values.getFirst();
    }

    /** Ordered in SQL: binary collation order is UTF-8 byte order, which a Java sort would not reproduce. */
    private Flux<Aggregate> query(@Nullable String model, @Nullable String trim) {
        StringBuilder sql = new StringBuilder(
                "SELECT model, trim, fiscal_period_id, total_dollar_amount, version FROM aggregates WHERE TRUE");
        if (model != null) {
            sql.append(" AND model = :model");
        }
        if (trim != null) {
            sql.append(" AND trim = :trim");
        }
        GenericExecuteSpec query =
                db.sql(sql.append(" ORDER BY model, trim, fiscal_period_id").toString());
        if (model != null) {
            query = query.bind("model", model);
        }
        if (trim != null) {
            query = query.bind("trim", trim);
        }
        return query.map(row -> Aggregate.read(row::get)).all();
    }
}
