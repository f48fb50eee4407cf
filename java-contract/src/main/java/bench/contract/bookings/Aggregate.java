package bench.contract.bookings;

import bench.contract.Refused;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One row of GET /aggregates (spec/API.md §6.8) as it is answered, and the query that reads the rows: an absent
 * parameter does not filter, a present one (even empty) filters by exact, binary equality, a repeated one is a 400.
 * The order is the database's (ORDER BY over the binary collation, UTF-8 byte order, which a Java sort of the
 * strings would not reproduce): nothing here sorts.
 */
public record Aggregate(String model, String trim, int fiscalPeriodId, String totalDollarAmount, int version) {

    /** The parameters that filter, in the order their conditions are written and bound. */
    public static final List<String> FILTERS = List.of("model", "trim");

    /** The row as stored: the total, a DECIMAL(19,2), is answered with exactly two decimals. */
    public Aggregate(String model, String trim, int fiscalPeriodId, BigDecimal total, int version) {
        this(model, trim, fiscalPeriodId, total.setScale(2).toPlainString(), version);
    }

    /** A row's columns by name, as R2DBC's {@code Readable::get} reads them. */
    @FunctionalInterface
    public interface Columns {
        <T> T get(String column, Class<T> type);
    }

    /** The row {@code columns} read. */
    public static Aggregate read(Columns columns) {
        return new Aggregate(
                columns.get("model", String.class),
                columns.get("trim", String.class),
                columns.get("fiscal_period_id", Integer.class),
                columns.get("total_dollar_amount", BigDecimal.class),
                columns.get("version", Integer.class));
    }

    /**
     * The filters of a query string, column to value in {@link #FILTERS}' order; {@code values} gives a parameter's
     * values as the framework decoded them, empty when it is absent. A repeated one is refused with 400.
     */
    public static Map<String, String> filters(Function<String, List<String>> values) {
        Map<String, String> filters = new LinkedHashMap<>();
        for (String name : FILTERS) {
            List<String> given = values.apply(name);
            if (given.size() > 1) {
                throw Refused.badRequest(name + " may be given once");
            }
            if (given.size() == 1) {
                filters.put(name, given.getFirst());
            }
        }
        return filters;
    }

    /** The SELECT, with one {@code ?} per filtered column (the keys of {@link #filters}, bound in that order). */
    public static String sql(Collection<String> filtered) {
        StringBuilder sql =
                new StringBuilder("SELECT model, trim, fiscal_period_id, total_dollar_amount, version FROM aggregates");
        String joint = " WHERE ";
        for (String column : filtered) {
            sql.append(joint).append(column).append(" = ?");
            joint = " AND ";
        }
        return sql.append(" ORDER BY model, trim, fiscal_period_id").toString();
    }
}
