package bench.spring5.bookings;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.jspecify.annotations.Nullable;

/**
 * A booking that passed {@link BookingRules}: the bookings row in the types it is stored with (absent optional
 * fields are null), and its value in cents for the {@link Allocation}.
 */
record ValidBooking(
        String bookingId,
        BigDecimal dollarValue,
        BigInteger cents,
        LocalDate startDate,
        LocalDate endDate,
        LocalDateTime originTs,
        @Nullable String parentId,
        String model,
        String trim,
        @Nullable String stage,
        @Nullable String type) {}
