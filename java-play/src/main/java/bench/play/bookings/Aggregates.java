package bench.play.bookings;

import bench.contract.Refused;
import bench.contract.bookings.Aggregate;
import bench.play.Errors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import play.db.Database;
import play.libs.Json;
import play.mvc.Http;
import play.mvc.Result;
import play.mvc.Results;

/**
 * GET /aggregates?model=&trim= (spec/API.md §6.8): the filters, the query and the rows are java-contract's
 * {@link Aggregate} (a repeated parameter is its 400); the query runs on the database dispatcher, and the rows are
 * written by Play's Jackson in the database's order.
 */
public final class Aggregates {
    private final Database database;
    private final Executor databaseExecutor;

    public Aggregates(Database database, Executor databaseExecutor) {
        this.database = database;
        this.databaseExecutor = databaseExecutor;
    }

    public CompletionStage<Result> aggregates(Http.RequestHeader request) {
        Map<String, String> filters;
        try {
            // Arrays.asList, not List.of: a value Play gives as null (`trim=` built by RequestBuilder) is bound as
            // NULL.
            filters = Aggregate.filters(
                    name -> Arrays.asList(request.queryString().getOrDefault(name, new String[0])));
        } catch (Refused refused) {
            return CompletableFuture.completedFuture(Errors.of(refused.status(), refused.getMessage()));
        }
        return CompletableFuture.supplyAsync(() -> select(filters), databaseExecutor)
                .thenApply(rows -> Results.ok(Json.toJson(rows)));
    }

    private List<Aggregate> select(Map<String, String> filters) {
        // A block lambda: an expression one would match both withConnection overloads (Runnable and Callable).
        return database.withConnection(connection -> {
            return query(connection, filters);
        });
    }

    private static List<Aggregate> query(Connection connection, Map<String, String> filters) throws SQLException {
        List<Aggregate> aggregates = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(Aggregate.sql(filters.keySet()))) {
            int index = 1;
            for (String value : filters.values()) {
                select.setString(index++, value);
            }
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    aggregates.add(new Aggregate(
                            rows.getString(1),
                            rows.getString(2),
                            rows.getInt(3),
                            rows.getBigDecimal(4),
                            rows.getInt(5)));
                }
            }
        }
        return aggregates;
    }
}
