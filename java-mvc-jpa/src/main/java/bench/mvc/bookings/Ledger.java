package bench.mvc.bookings;

import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * One booking, one transaction (spec/API.md §6.4): the booking row first, then each half-year's aggregate
 * locked in ascending period order (the lock order that keeps two bookings from deadlocking on each other)
 * and either updated under the lock or inserted. Retries live outside, in {@link Retry}: a retry must start a
 * new transaction, never continue a rolled-back one.
 */
@Service
class Ledger {

  private final Bookings bookings;
  private final Aggregates aggregates;

  Ledger(Bookings bookings, Aggregates aggregates) {
    this.bookings = bookings;
    this.aggregates = aggregates;
  }

  @Transactional
  int book(BookingInput in, List<Allocation> allocations) {
    BookingRow row = bookings.save(new BookingRow(in));
    for (Allocation share : allocations) {
      aggregates.findByModelAndTrimAndFiscalPeriodId(in.model(), in.trim(), share.fiscalPeriodId())
          .ifPresentOrElse(
              aggregate -> aggregate.add(share.amount()),
              () -> aggregates.save(new Aggregate(in.model(), in.trim(), share.fiscalPeriodId(), share.amount())));
    }
    return row.rowId();
  }

  @Transactional(readOnly = true)
  List<Aggregate> aggregates(String model, String trim) {
    return aggregates.search(model, trim);
  }
}
