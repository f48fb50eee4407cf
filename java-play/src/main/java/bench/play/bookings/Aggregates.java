package bench.play.bookings;

import bench.play.Errors;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import play.db.Database;
import play.libs.Json;
import play.mvc.Http;
import play.mvc.Result;
import play.mvc.Results;

/**
 * GET /aggregates?model=&trim= (spec/API.md §6.8): an absent parameter does not filter, a present one (even empty)
 * filters by exact, binary equality (the columns' collation), a repeated one is a 400. The order is the database's
 * (ORDER BY), never re-sorted here. The query runs on the database dispatcher.
 */
public final class Aggregates {
    private static final List<String> FILTERS = List.of("model", "trim");

    private final Database database;
    private final Executor databaseExecutor;

    public Aggregates(Database database, Executor databaseExecutor) {
        this.database = database;
        this.databaseExecutor = databaseExecutor;
    }

    public CompletionStage<Result> aggregates(Http.RequestHeader request) {
        List<String> columns = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (String name : FILTERS) {
            String[] given = request.queryString().getOrDefault(name, new String[0]);
            if (given.length > 1) {
                return CompletableFuture.completedFuture(Errors.of(400, name + " may be given once"));
            }
            if (given.length == 1) {
                columns.add(name);
                values.add(given[0]);
            }
        }
        return CompletableFuture.supplyAsync(() -> select(columns, values), databaseExecutor)
                .thenApply(Results::ok);
    }

    private ArrayNode select(List<String> columns, List<String> values) {
        // A block lambda: an expression one would match both withConnection overloads (Runnable and Callable).
        return database.withConnection(connection -> {
            return query(connection, columns, values);
        });
    }

    private static ArrayNode query(Connection connection, List<String> columns, List<String> values)
            throws SQLException {
        StringBuilder sql =
                new StringBuilder("SELECT model, trim, fiscal_period_id, total_dollar_amount, version FROM aggregates");
        for (int i = 0; i < columns.size(); i++) {
            sql.append(i == 0 ? " WHERE " : " AND ").append(columns.get(i)).append(" = ?");
        }
        sql.append(" ORDER BY model, trim, fiscal_period_id");
        ArrayNode body = Json.newArray();
        try (PreparedStatement select = connection.prepareStatement(sql.toString())) {
            for (int i = 0; i < values.size(); i++) {
                select.setString(i + 1, values.get(i));
            }
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    body.addObject()
                            .put("model", rows.getString(1))
                            .put("trim", rows.getString(2))
                            .put("fiscalPeriodId", rows.getInt(3))
                            .put(
                                    "totalDollarAmount",
                                    rows.getBigDecimal(4).setScale(2).toPlainString())
                            .put("version", rows.getInt(5));
                }
            }
        }
        return body;
    }
}
