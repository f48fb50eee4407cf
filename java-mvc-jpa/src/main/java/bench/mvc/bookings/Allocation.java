package bench.mvc.bookings;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * One half-year's share of a booking (spec/API.md §6.3): the value spread pro rata by days over the half-years
 * the inclusive interval overlaps, in whole cents, the last period taking the remainder so that the shares
 * always sum to the booking. BigInteger throughout: cents reach 10^19 and cents × days far beyond a long.
 */
record Allocation(int fiscalPeriodId, BigInteger cents) {

  BigDecimal amount() {
    return new BigDecimal(cents, 2);
  }

  static List<Allocation> spread(BigInteger cents, LocalDate start, LocalDate end) {
    BigInteger totalDays = BigInteger.valueOf(ChronoUnit.DAYS.between(start, end) + 1);
    List<Allocation> shares = new ArrayList<>();
    BigInteger allocated = BigInteger.ZERO;
    LocalDate periodStart = halfYearOf(start);
    while (!periodStart.isAfter(end)) {
      LocalDate next = periodStart.plusMonths(6);
      LocalDate from = start.isAfter(periodStart) ? start : periodStart;
      LocalDate to = end.isBefore(next) ? end : next.minusDays(1);
      int id = periodStart.getYear() * 10 + (periodStart.getMonthValue() == 1 ? 1 : 2);
      if (!next.isAfter(end)) {
        BigInteger days = BigInteger.valueOf(ChronoUnit.DAYS.between(from, to) + 1);
        BigInteger share = cents.multiply(days).divide(totalDays);
        allocated = allocated.add(share);
        shares.add(new Allocation(id, share));
      } else {
        shares.add(new Allocation(id, cents.subtract(allocated)));
      }
      periodStart = next;
    }
    return shares;
  }

  private static LocalDate halfYearOf(LocalDate date) {
    return LocalDate.of(date.getYear(), date.getMonthValue() <= 6 ? 1 : 7, 1);
  }
}
