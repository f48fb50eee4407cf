package bench.contract.bookings;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * A booking that passed {@link BookingRules}, in the types it is stored with: the bookings row to insert (an absent
 * optional field is null, a present one kept as given, even "", {@code originTs} the UTC date-time of its epoch
 * millis), plus its value in cents for the {@link Allocation}.
 */
public record ValidBooking(
        String bookingId,
        BigDecimal dollarValue,
        BigInteger cents,
        LocalDate startDate,
        LocalDate endDate,
        LocalDateTime originTs,
        String parentId,
        String model,
        String trim,
        String stage,
        String type) {}
