package bench.vertx.bookings;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * One fiscal period's share of a booking, in cents (spec/API.md §6.3). The rule is exact: cents are
 * BigInteger (C × d_i reaches about 2×10^23, past a long), days are whole numbers, no floating point anywhere.
 */
public record Allocation(int fiscalPeriodId, BigInteger cents) {

  /**
   * Splits {@code totalCents} over the half-years that [start, end] (inclusive) overlaps, in ascending order:
   * each period but the last gets floor(C × d_i / D), the last gets the remainder, so the sum is exactly C.
   * Every overlapped period is listed, even with 0 cents.
   */
  public static List<Allocation> allocate(BigInteger totalCents, LocalDate start, LocalDate end) {
    BigInteger totalDays = BigInteger.valueOf(ChronoUnit.DAYS.between(start, end) + 1);
    List<Allocation> allocations = new ArrayList<>();
    BigInteger allocated = BigInteger.ZERO;
    for (LocalDate day = start; !day.isAfter(end); ) {
      LocalDate periodEnd = lastDayOfHalf(day);
      LocalDate last = periodEnd.isBefore(end) ? periodEnd : end;
      BigInteger cents = last.equals(end)
          ? totalCents.subtract(allocated)
          : totalCents.multiply(BigInteger.valueOf(ChronoUnit.DAYS.between(day, last) + 1)).divide(totalDays);
      allocations.add(new Allocation(periodId(day), cents));
      allocated = allocated.add(cents);
      day = last.plusDays(1);
    }
    return List.copyOf(allocations);
  }

  /** The amount as a decimal with exactly two places, for SQL and for the response. */
  public BigDecimal amount() {
    return new BigDecimal(cents, 2);
  }

  /** id = year × 10 + half: 20221 is January–June 2022, 20222 July–December. */
  static int periodId(LocalDate day) {
    return day.getYear() * 10 + (day.getMonthValue() <= 6 ? 1 : 2);
  }

  private static LocalDate lastDayOfHalf(LocalDate day) {
    return day.getMonthValue() <= 6 ? LocalDate.of(day.getYear(), 6, 30) : LocalDate.of(day.getYear(), 12, 31);
  }
}
