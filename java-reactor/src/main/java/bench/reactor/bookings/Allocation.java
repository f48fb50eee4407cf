package bench.reactor.bookings;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The allocation rule (spec/API.md §6.3): cents spread over the half-years the inclusive interval overlaps,
 * pro rata by days, floor for all but the last period, which takes the remainder. Integer arithmetic only:
 * C × d reaches about 2×10^23, beyond a long.
 */
public record Allocation(int fiscalPeriodId, BigInteger cents) {

  /** The amount as DECIMAL(19,2) takes it and the response writes it: exactly two decimals. */
  public BigDecimal amount() {
    return new BigDecimal(cents, 2);
  }

  public static List<Allocation> of(BigInteger totalCents, LocalDate start, LocalDate end) {
    BigInteger totalDays = BigInteger.valueOf(ChronoUnit.DAYS.between(start, end) + 1);
    List<Allocation> allocations = new ArrayList<>();
    BigInteger allocated = BigInteger.ZERO;
    LocalDate from = start;
    while (!from.isAfter(end)) {
      LocalDate periodEnd = from.getMonthValue() <= 6 ? LocalDate.of(from.getYear(), 6, 30) : LocalDate.of(from.getYear(), 12, 31);
      LocalDate to = periodEnd.isBefore(end) ? periodEnd : end;
      int periodId = from.getYear() * 10 + (from.getMonthValue() <= 6 ? 1 : 2);
      if (to.equals(end)) {
        allocations.add(new Allocation(periodId, totalCents.subtract(allocated)));
      } else {
        BigInteger days = BigInteger.valueOf(ChronoUnit.DAYS.between(from, to) + 1);
        BigInteger share = totalCents.multiply(days).divide(totalDays);
        allocations.add(new Allocation(periodId, share));
        allocated = allocated.add(share);
      }
      from = to.plusDays(1);
    }
    return allocations;
  }
}
