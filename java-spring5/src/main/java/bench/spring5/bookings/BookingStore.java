package bench.spring5.bookings;

import bench.contract.bookings.Allocation;
import bench.contract.bookings.RetryRule;
import bench.contract.bookings.ValidBooking;
import io.r2dbc.spi.R2dbcException;
import java.math.BigDecimal;
import java.util.Optional;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * The statements of the bookings transaction (spec/API.md §6.4), on Spring's DatabaseClient, which translates the
 * driver's errors into DataAccessExceptions ({@link Retries}). The transaction itself is the caller's.
 */
@Repository
class BookingStore {

    private final DatabaseClient db;

    BookingStore(DatabaseClient db) {
        this.db = db;
    }

    /** The new booking's row_id. */
    Mono<Long> insertBooking(ValidBooking b) {
        GenericExecuteSpec insert = db.sql("""
            INSERT INTO bookings (booking_id, dollar_value, start_date, end_date, origin_ts, parent_id, model, trim,
              stage, type)
            VALUES (:bookingId, :dollarValue, :startDate, :endDate, :originTs, :parentId, :model, :trim, :stage, :type)
            """)
                .bind("bookingId", b.bookingId())
                .bind("dollarValue", b.dollarValue())
                .bind("startDate", b.startDate())
                .bind("endDate", b.endDate())
                .bind("originTs", b.originTs())
                .bind("model", b.model())
                .bind("trim", b.trim());
        insert = nullable(insert, "parentId", b.parentId());
        insert = nullable(insert, "stage", b.stage());
        insert = nullable(insert, "type", b.type());
        return insert.filter(statement -> statement.returnGeneratedValues("row_id"))
                .map(row -> row.get("row_id", Long.class))
                .one();
    }

    /** Locks the product's row for the period (FOR UPDATE), then adds to it, or creates it at version 1. */
    Mono<Void> addToAggregate(String model, String trim, Allocation allocation) {
        return db.sql("SELECT row_id FROM aggregates WHERE model = :model AND trim = :trim"
                        + " AND fiscal_period_id = :period FOR UPDATE")
                .bind("model", model)
                .bind("trim", trim)
                .bind("period", allocation.fiscalPeriodId())
                .map(row -> row.get("row_id", Integer.class))
                .one()
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(rowId -> rowId.isPresent()
                        ? update(rowId.get(), allocation.amount())
                        : insertAggregate(model, trim, allocation));
    }

    private Mono<Void> update(int rowId, BigDecimal amount) {
        return db.sql("UPDATE aggregates SET total_dollar_amount = total_dollar_amount + :amount, version = version + 1"
                        + " WHERE row_id = :rowId")
                .bind("amount", amount)
                .bind("rowId", rowId)
                .then();
    }

    private Mono<Void> insertAggregate(String model, String trim, Allocation allocation) {
        return db.sql("INSERT INTO aggregates (version, model, trim, total_dollar_amount, fiscal_period_id)"
                        + " VALUES (1, :model, :trim, :amount, :period)")
                .bind("model", model)
                .bind("trim", trim)
                .bind("amount", allocation.amount())
                .bind("period", allocation.fiscalPeriodId())
                .then();
    }

    /**
     * The database refused a total past DECIMAL(19,2) (error 1264, out of range, which strict mode makes an error),
     * under whatever Spring translated the driver's exception into. Nothing to retry: the aggregate is full.
     */
    static boolean pastTotalLimit(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (e instanceof R2dbcException r2dbc && r2dbc.getErrorCode() == RetryRule.OUT_OF_RANGE) {
                return true;
            }
        }
        return false;
    }

    private static GenericExecuteSpec nullable(GenericExecuteSpec spec, String name, String value) {
        return value == null ? spec.bindNull(name, String.class) : spec.bind(name, value);
    }
}
