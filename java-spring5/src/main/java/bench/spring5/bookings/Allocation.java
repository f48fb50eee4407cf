package bench.spring5.bookings;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * One half-year's share of a booking (spec/API.md §6.3): the value spread over the overlapped half-years pro
 * rata by days, in whole cents, every period but the last rounded down and the last taking the remainder.
 * Integer arithmetic only: cents times days reaches about 2×10^23.
 */
record Allocation(int fiscalPeriodId, BigDecimal amount) {

  /** The allocations in ascending period id, which is also the lock order. */
  static List<Allocation> of(BigDecimal dollars, LocalDate start, LocalDate end) {
    BigInteger cents = dollars.movePointRight(2).toBigIntegerExact();
    BigInteger totalDays = BigInteger.valueOf(days(start, end));
    List<int[]> periods = new ArrayList<>();
    for (int year = start.getYear(); year <= end.getYear(); year++) {
      for (int half = 1; half <= 2; half++) {
        LocalDate first = LocalDate.of(year, half == 1 ? 1 : 7, 1);
        LocalDate last = half == 1 ? LocalDate.of(year, 6, 30) : LocalDate.of(year, 12, 31);
        LocalDate from = start.isAfter(first) ? start : first;
        LocalDate to = end.isBefore(last) ? end : last;
        if (!to.isBefore(from)) {
          periods.add(new int[] {year * 10 + half, (int) days(from, to)});
        }
      }
    }
    List<Allocation> allocations = new ArrayList<>(periods.size());
    BigInteger allocated = BigInteger.ZERO;
    for (int i = 0; i < periods.size(); i++) {
      int[] period = periods.get(i);
      BigInteger share = i == periods.size() - 1
          ? cents.subtract(allocated)
          : cents.multiply(BigInteger.valueOf(period[1])).divide(totalDays);
      allocated = allocated.add(share);
      allocations.add(new Allocation(period[0], new BigDecimal(share, 2)));
    }
    return allocations;
  }

  private static long days(LocalDate from, LocalDate to) {
    return ChronoUnit.DAYS.between(from, to) + 1;
  }

  /** Exactly two decimals, as the response and GET /aggregates write amounts. */
  String amountText() {
    return amount.toPlainString();
  }
}
