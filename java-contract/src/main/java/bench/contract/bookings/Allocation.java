package bench.contract.bookings;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * One half-year's share of a booking, in cents (spec/API.md §6.3). Exact: cents are BigInteger (C × d reaches
 * about 2×10^23, past a long), days are whole numbers, no floating point anywhere.
 */
public record Allocation(int fiscalPeriodId, BigInteger cents) {

    /**
     * Splits {@code totalCents} over the half-years that [start, end] (inclusive) overlaps, in ascending period
     * order (the lock order): each period but the last gets floor(C × d / D), the last gets the remainder, so the
     * shares sum to exactly C. Every overlapped period is listed, even with 0 cents.
     */
    public static List<Allocation> allocate(BigInteger totalCents, LocalDate start, LocalDate end) {
        BigInteger totalDays = BigInteger.valueOf(ChronoUnit.DAYS.between(start, end) + 1);
        List<Allocation> allocations = new ArrayList<>();
        BigInteger allocated = BigInteger.ZERO;
        for (LocalDate day = start; !day.isAfter(end); ) {
            LocalDate last = lastDayOfHalf(day).isBefore(end) ? lastDayOfHalf(day) : end;
            BigInteger cents = last.equals(end)
                    ? totalCents.subtract(allocated)
                    : totalCents
                            .multiply(BigInteger.valueOf(ChronoUnit.DAYS.between(day, last) + 1))
                            .divide(totalDays);
            allocations.add(new Allocation(periodId(day), cents));
            allocated = allocated.add(cents);
            day = last.plusDays(1);
        }
        return List.copyOf(allocations);
    }

    /** The amount with exactly two decimals, as DECIMAL(19,2) stores it and the response writes it. */
    public BigDecimal amount() {
        return new BigDecimal(cents, 2);
    }

    /** year × 10 + half: 20221 is January–June 2022, 20222 July–December. */
    static int periodId(LocalDate day) {
        return day.getYear() * 10 + (day.getMonthValue() <= 6 ? 1 : 2);
    }

    private static LocalDate lastDayOfHalf(LocalDate day) {
        return day.getMonthValue() <= 6 ? LocalDate.of(day.getYear(), 6, 30) : LocalDate.of(day.getYear(), 12, 31);
    }
}
