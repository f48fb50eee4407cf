package bench.contract.bookings;

/**
 * The statements of the bookings transaction (spec/API.md §6.4), with positional parameters, for the stacks whose
 * driver takes SQL as written: INSERT the booking, then for each period, in ascending id order (the lock order),
 * LOCK_AGGREGATE and UPDATE_AGGREGATE or INSERT_AGGREGATE; the stack's driver begins and commits. Every amount is
 * cast to the column's DECIMAL(19,2): a driver that sends a BigDecimal as a string (the reactive MySQL clients) would
 * otherwise have MariaDB add it as a double, and for one that binds a DECIMAL the cast changes nothing.
 */
public final class BookingStatements {

    /** booking_id, dollar_value, start_date, end_date, origin_ts, parent_id, model, trim, stage, type. */
    public static final String INSERT_BOOKING = "INSERT INTO bookings (booking_id, dollar_value, start_date, end_date,"
            + " origin_ts, parent_id, model, trim, stage, type)"
            + " VALUES (?, CAST(? AS DECIMAL(19,2)), ?, ?, ?, ?, ?, ?, ?, ?)";

    /** model, trim, fiscal_period_id: the product's row for the period, locked until the commit. */
    public static final String LOCK_AGGREGATE =
            "SELECT row_id FROM aggregates WHERE model = ? AND trim = ? AND fiscal_period_id = ? FOR UPDATE";

    /** amount, row_id. */
    public static final String UPDATE_AGGREGATE = "UPDATE aggregates SET total_dollar_amount = total_dollar_amount"
            + " + CAST(? AS DECIMAL(19,2)), version = version + 1 WHERE row_id = ?";

    /** model, trim, amount, fiscal_period_id: the product's first booking in the period. */
    public static final String INSERT_AGGREGATE = "INSERT INTO aggregates (version, model, trim, total_dollar_amount,"
            + " fiscal_period_id) VALUES (1, ?, ?, CAST(? AS DECIMAL(19,2)), ?)";

    private BookingStatements() {}
}
