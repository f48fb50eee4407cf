package bench.mvc.bookings;

import bench.contract.bookings.Allocation;
import bench.contract.bookings.ValidBooking;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.server.ResponseStatusException;

/**
 * One booking, one transaction (spec/API.md §6.4): the booking row first, then each half-year's aggregate
 * locked in ascending period order (the lock order that keeps two bookings from deadlocking on each other)
 * and either updated under the lock or inserted. A total that would pass DECIMAL(19,2) is refused under the lock
 * (409, §6.5), which rolls back the whole transaction: a new row cannot pass it, as no booking is larger. Retries
 * live outside, in {@link Retries}: a retry must start a new transaction, never continue a rolled-back one.
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
                            aggregate -> {
                                if (!aggregate.add(share.amount())) throw full();
                            },
                            () -> aggregates.save(new AggregateRow(
                                    booking.model(), booking.trim(), share.fiscalPeriodId(), share.amount())));
        }
        return row.rowId();
    }

    private static ResponseStatusException full() {
        return new ResponseStatusException(
                HttpStatus.CONFLICT,
                "the booking would take an aggregate's total past " + AggregateRow.MAX_TOTAL.toPlainString());
    }
}
