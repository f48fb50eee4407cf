package bench.mvc.bookings;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import org.jspecify.annotations.Nullable;

/**
 * A booking that passed {@link BookingRules}, in the types it is stored with: {@code cents} is the value the
 * allocation spreads, an absent optional field is null.
 */
record ValidBooking(
        String bookingId,
        BigDecimal dollarValue,
        BigInteger cents,
        LocalDate startDate,
        LocalDate endDate,
        Instant originTs,
        @Nullable String parentId,
        String model,
        String trim,
        @Nullable String stage,
        @Nullable String type) {}
