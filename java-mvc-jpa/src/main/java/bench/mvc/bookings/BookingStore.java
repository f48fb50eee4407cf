package bench.mvc.bookings;

import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * One booking, one transaction (spec/API.md §6.4): the booking row first, then each half-year's aggregate
 * locked in ascending period order (the lock order that keeps two bookings from deadlocking on each other)
 * and either updated under the lock or inserted. Retries live outside, in {@link Retries}: a retry must start a
 * new transaction, never continue a rolled-back one.
 */
@Service
class BookingStore {

    /** Each repository is nested in its entity (and the aggregates query in its handler): Spring Data is told so. */
    @Configuration(proxyBeanMethods = false)
    @EnableJpaRepositories(considerNestedRepositories = true)
    static class Repositories {}

    private final BookingRow.Repository bookings;
    private final AggregateRow.Repository aggregates;

    BookingStore(BookingRow.Repository bookings, AggregateRow.Repository aggregates) {
        this.bookings = bookings;
        this.aggregates = aggregates;
    }

    @Transactional
    int book(ValidBooking booking, List<Allocation> allocations) {
        BookingRow row = bookings.save(new BookingRow(booking));
        for (Allocation share : allocations) {
            aggregates
                    .findByModelAndTrimAndFiscalPeriodId(booking.model(), booking.trim(), share.fiscalPeriodId())
                    .ifPresentOrElse(
                            aggregate -> aggregate.add(share.amount()),
                            () -> aggregates.save(new AggregateRow(
                                    booking.model(), booking.trim(), share.fiscalPeriodId(), share.amount())));
        }
        return row.rowId();
    }
}
